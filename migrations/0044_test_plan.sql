-- The planner's inputs, saved with the test (issue #48 point 4): today's rate, the smallest lift worth
-- finding and the visitors a day the marketer planned with, as JSON; null when they planned nothing.
ALTER TABLE split_tests ADD COLUMN plan TEXT;
