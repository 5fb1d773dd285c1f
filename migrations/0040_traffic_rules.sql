-- A workspace's traffic rules (issue #47): internal addresses, blocked sources and whether machine
-- traffic counts, as JSON ({ internal, blocked, machineTraffic }); null until first saved (the defaults:
-- nothing internal or blocked, machine traffic left out). The redirect reads them from KV.
ALTER TABLE workspaces ADD COLUMN traffic_rules TEXT;

-- The redirect finds a link's workspace in its KV entry; entries written before this carry none (and so
-- apply no rules). Each live link's keys are noted for the repair cron, which rewrites them from D1.
-- Slugs, custom slugs and domain ids need no percent-encoding (worker/link-cache/keys.ts).
INSERT INTO cache_repairs (key, failed_at)
  SELECT 'link:' || slug, 0 FROM split_tests WHERE deleted_at IS NULL
  UNION ALL
  SELECT 'link:' || custom_slug, 0 FROM split_tests
    WHERE deleted_at IS NULL AND custom_domain_id IS NULL AND custom_slug IS NOT NULL
  UNION ALL
  SELECT 'link:' || custom_domain_id || ':' || slug, 0 FROM split_tests
    WHERE deleted_at IS NULL AND custom_domain_id IS NOT NULL
  UNION ALL
  SELECT 'link:' || custom_domain_id || ':' || custom_slug, 0 FROM split_tests
    WHERE deleted_at IS NULL AND custom_domain_id IS NOT NULL AND custom_slug IS NOT NULL
  ON CONFLICT (key) DO NOTHING;
