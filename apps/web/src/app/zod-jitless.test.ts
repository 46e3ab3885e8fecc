import { describe, expect, it, vi } from 'vitest';
import './zod-jitless';

describe('zod-jitless', () => {
  it('is the configuration zod reads, so no schema probes for eval', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, 'Function');
    try {
      const schema = z.object({ amount: z.number().int(), note: z.string().optional() });
      expect(schema.parse({ amount: 5 })).toEqual({ amount: 5 });
      expect(schema.safeParse({ amount: 'five' }).success).toBe(false);
      expect(probe).not.toHaveBeenCalled();
    } finally {
      probe.mockRestore();
    }
  });
});
