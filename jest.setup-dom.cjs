require('@testing-library/jest-dom');
// findBy*/waitFor give up after this long (default 1 s): a busy 2-core machine renders a whole page
// slower than that. It is a bound on waiting for a condition, not a delay.
require('@testing-library/react').configure({ asyncUtilTimeout: 8000 });
