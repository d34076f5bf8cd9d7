import { z } from 'zod';

// The CSP (packages/server) has no 'unsafe-eval': zod's object parser would probe `new Function`
// to compile a fast path, and the browser reports every such probe as a policy violation.
z.config({ jitless: true });

/** zod, configured for the SPA: import it from here, never from 'zod'. */
export { z };
