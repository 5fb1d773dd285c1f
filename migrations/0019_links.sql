-- Links that fit a brand (issue #33).

-- A custom path on the default domain, served at /r/{path}: custom_slug with no custom domain. Slugs
-- of tests whose domain was deleted meant nothing until now; they are released, so none turns into a
-- default-domain path by itself (and the trigger below releases them from now on).
UPDATE split_tests SET custom_slug = NULL WHERE custom_domain_id IS NULL;
CREATE UNIQUE INDEX split_tests_default_custom_slug_idx ON split_tests(custom_slug)
  WHERE custom_domain_id IS NULL AND custom_slug IS NOT NULL;

-- /r/{x} is an auto slug or a default-domain path: neither may take the other's name. The messages are
-- those of a unique index, so the insert is refused the same way (a taken path, or an auto slug to
-- draw again).
CREATE TRIGGER split_tests_default_path_free BEFORE INSERT ON split_tests
  WHEN NEW.custom_domain_id IS NULL AND NEW.custom_slug IS NOT NULL
    AND EXISTS (SELECT 1 FROM split_tests WHERE slug = NEW.custom_slug)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: split_tests.custom_slug');
END;
CREATE TRIGGER split_tests_auto_slug_free BEFORE INSERT ON split_tests
  WHEN EXISTS (SELECT 1 FROM split_tests WHERE custom_domain_id IS NULL AND custom_slug = NEW.slug)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: split_tests.slug');
END;

-- A deleted domain's tests keep their default link (/r/{slug}); their paths on it are released.
CREATE TRIGGER custom_domains_release_paths BEFORE DELETE ON custom_domains
BEGIN
  UPDATE split_tests SET custom_slug = NULL WHERE custom_domain_id = OLD.id;
END;

-- Where a custom domain's root and unknown paths send visitors (http or https); null: the not-found page.
ALTER TABLE custom_domains ADD COLUMN fallback_url TEXT;
