import type { CustomDomain } from "@contract/api";

/** What a domain's row or card reports back to the page. */
export interface DomainRowHandlers {
  /** After a Verify: the domain as it now stands, or undefined when the check could not be made. */
  onChecked: (domain: CustomDomain | undefined) => void;
  /** After a delete; `hadFocus` says whether keyboard focus was on its delete button. */
  onDeleted: (domain: CustomDomain, hadFocus: boolean) => void;
}
