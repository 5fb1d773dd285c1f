export const PRODUCT_NAME = "SplitLink";
export const PRODUCT_TAGLINE = "A/B Testing Made Simple";
