import type { CustomDomain } from "@contract/api";

/** What a domain's row or card reports back to the page (the domains themselves change in the cache). */
export interface DomainRowHandlers {
  /** After a delete; `hadFocus` says whether keyboard focus was on its delete button. */
  onDeleted: (domain: CustomDomain, hadFocus: boolean) => void;
}
