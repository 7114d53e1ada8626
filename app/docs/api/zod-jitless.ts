// Imported before Scalar: its zod schemas then never probe `new Function` (zod's JIT), which the
// site's CSP (no 'unsafe-eval') would refuse and report as a violation on every visit.
import { config } from 'zod';

config({ jitless: true });
