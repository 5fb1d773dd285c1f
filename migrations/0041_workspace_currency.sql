-- A workspace's currency (issue #47 point 7): chosen at sign-up from the browser's locale, changed in
-- Settings; a new test without a currency of its own takes it, so its sales' values count by default.
ALTER TABLE workspaces ADD COLUMN currency TEXT;
