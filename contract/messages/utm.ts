// UTM parameters and the workspace's UTM templates (issue #49, point 6): contract/utm.ts.

export const MAX_UTM_VALUE = 100;
export const MAX_UTM_TEMPLATE_NAME = 60;

export const UTM_MESSAGES = {
  valueTooLong: `Keep each UTM value to ${MAX_UTM_VALUE} characters or fewer`,
  valueUnsafe: "UTM values cannot contain line breaks or control characters",
  nameRequired: "Please enter a name for the template",
  nameTooLong: `Keep the template's name to ${MAX_UTM_TEMPLATE_NAME} characters or fewer`,
  nameUnsafe: "The template's name cannot contain line breaks or control characters",
  valuesRequired: "Please enter at least one UTM value to save",
  notFound: "UTM template not found",
} as const;
