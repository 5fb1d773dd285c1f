/** Under a link's password field, on the create form and the test page (issue #49). */
export const PASSWORD_HINT =
  "4 to 100 characters. Visitors type it before the link sends them on. It is stored hashed: no one can read it back, so keep it somewhere safe.";
