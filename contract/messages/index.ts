// Texts the API returns and the SPA shows, word for word from the specification where it has them.
// The generic ones have their own module: the SPA's first download needs only them.
// One file per resource (contract/messages/*.ts); both sides import them from here. A text only the app
// shows lives beside its screen in web/src (features/…/messages.ts, or lib/ when several screens show it).
export { GENERIC_MESSAGES } from "../generic-messages";
export {
  ACCOUNT_MESSAGES,
  API_KEY_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from "./account";
export { ANALYTICS_MESSAGES, DIGEST_MESSAGES } from "./analytics";
export { AUTH_MESSAGES } from "./auth";
export { CONVERSION_MESSAGES, GOAL_MESSAGES, TRAFFIC_QUALITY_MESSAGES } from "./conversions";
export { DOMAIN_MESSAGES } from "./domains";
export { HISTORY_MESSAGES } from "./history";
export { IMPORT_MESSAGES } from "./imports";
export { ANALYTICS_INTEGRATION_MESSAGES, SLACK_MESSAGES, STRIPE_MESSAGES } from "./integrations";
export { MEMBER_MESSAGES } from "./members";
export { RULE_MESSAGES } from "./rules";
export { TAG_MESSAGES } from "./tags";
export {
  ALERT_MESSAGES,
  END_MESSAGES,
  LIFECYCLE_MESSAGES,
  LINK_PASSWORD_MESSAGES,
  METRIC_MESSAGES,
  REDIRECT_MESSAGES,
  SCHEDULE_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
} from "./tests";
export { TRAFFIC_RULES_MESSAGES } from "./traffic";
export { UTM_MESSAGES } from "./utm";
export { WEBHOOK_MESSAGES } from "./webhooks";
export { QUOTA_MESSAGES, SHARE_MESSAGES, WORKSPACE_MESSAGES } from "./workspaces";
