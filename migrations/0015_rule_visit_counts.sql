-- The rules' rollup: visits per test, rule position at the time (-1: the fallback URL) and URL, so the
-- test page can say how many visitors each rule sent without counting rule_visits, which grows with
-- them. A redelivered visit inserts no row into rule_visits, so the trigger does not count it twice.
-- The raw visits are archived to R2 with the clicks and conversions of their day (worker/archive/),
-- read in time order: they are indexed by time, as clicks are, and no longer by URL.
CREATE TABLE rule_visit_counts (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  rule INTEGER NOT NULL,
  url TEXT NOT NULL,
  visits INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, rule, url)
);

INSERT INTO rule_visit_counts (split_test_id, rule, url, visits)
  SELECT split_test_id, coalesce(rule, -1), url, count(*) FROM rule_visits GROUP BY 1, 2, 3;

CREATE TRIGGER rule_visits_counts AFTER INSERT ON rule_visits
BEGIN
  INSERT INTO rule_visit_counts (split_test_id, rule, url, visits)
    VALUES (NEW.split_test_id, coalesce(NEW.rule, -1), NEW.url, 1)
    ON CONFLICT (split_test_id, rule, url) DO UPDATE SET visits = visits + 1;
END;

DROP INDEX rule_visits_test_idx;
CREATE INDEX rule_visits_test_time_idx ON rule_visits(split_test_id, timestamp);
