-- GA4 and Google Tag Manager (issue #36): when an editor switched on the site tag's report of each
-- visitor's assignment to the page's own analytics (gtag and dataLayer); null while it is off. The tag
-- learns it with the goals (GET /t/goals/{siteKey}); SplitLink's servers send nothing to Google.
ALTER TABLE workspaces ADD COLUMN ga4_enabled_at INTEGER;
