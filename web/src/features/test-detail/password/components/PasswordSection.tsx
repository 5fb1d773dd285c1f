import type { TestWithStats } from "@contract/api";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { EditPasswordForm } from "@/features/test-detail/password/components/EditPasswordForm";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";

const PROTECTED = "Visitors must enter the password before the link sends them on.";
const OPEN = "No password: anyone with the link can open it.";

/**
 * Whether the link asks for a password (issue #49), and setting, changing or removing it: a completed
 * test's too, whose link still sends visitors on.
 */
export function PasswordSection({ test }: { test: TestWithStats }) {
  const { editing, editButton, sectionRef, stopEditing } = useInlineEditor();
  return (
    <DetailSection
      title="Password"
      action={editButton(test.passwordProtected ? "Change password" : "Set password")}
    >
      <div ref={sectionRef}>
        {editing ? (
          <EditPasswordForm test={test} onDone={stopEditing} onCancel={stopEditing} />
        ) : (
          <p className="text-sm">{test.passwordProtected ? PROTECTED : OPEN}</p>
        )}
      </div>
    </DetailSection>
  );
}
