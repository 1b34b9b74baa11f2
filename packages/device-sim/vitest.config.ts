import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'device-sim', environment: 'node', include: ['src/**/*.test.ts'], sequence: { groupOrder: 2 } },
});
