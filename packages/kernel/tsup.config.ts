import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/http/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node24',
});
