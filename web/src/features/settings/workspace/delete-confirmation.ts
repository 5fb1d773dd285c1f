/** Whether what the owner typed names the workspace they are deleting (spaces around it do not count). */
export function confirmsWorkspaceName(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}
