/**
 * Testing Library waits up to 1 s by default for what a page shows after its requests; on a loaded 2-core CI
 * machine a page's first requests alone can take that long. What never shows still fails, after 5 s.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
