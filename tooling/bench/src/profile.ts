import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package name, a workspace file, node's internals, or V8's own work. */
const areaOf = (frame: ProfileNode['callFrame']): string => {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url)?.[1];
  if (pkg) return pkg;
  const workspace = /\/((?:packages|apps)\/[^/]+)\//.exec(url)?.[1];
  return workspace ?? url.replace(/^.*\//, '');
};

const frameKey = (frame: ProfileNode['callFrame']): string => {
  const file = frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(packages|apps|tooling)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
};

const top = (map: Map<string, number>, total: number, count: number): string[] =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `| ${key.replace(/\|/g, '\\|')} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`);

/**
 * A Markdown summary of the `.cpuprofile` files in `dir` (from `node --cpu-prof`): self time by
 * area (package or workspace), self time by function, and inclusive time by function, so the cost
 * of each step of the request pipeline (logging, ORM context, routing, queries) can be read off.
 */
export const summariseProfiles = (dir: string): string => {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  } catch {
    return '';
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      const node = byId.get(id);
      if (!node) return;
      if (node.callFrame.functionName === '(idle)') {
        idle += delta;
        return;
      }
      total += delta;
      const key = frameKey(node.callFrame);
      self.set(key, (self.get(key) ?? 0) + delta);
      const area = areaOf(node.callFrame);
      areas.set(area, (areas.get(area) ?? 0) + delta);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        const k = frameKey(frame);
        if (frame.functionName === '(root)' || seen.has(k)) continue;
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + delta);
      }
    });
  }
  if (total === 0) return '';
  return [
    '## CPU profile of the API',
    '',
    `${(total / 1e6).toFixed(1)} s on the CPU, ${(idle / 1e6).toFixed(1)} s idle, over ${files.length} profile(s).`,
    '',
    '### Self time by area',
    '',
    '| area | ms | share |',
    '| --- | ---: | ---: |',
    ...top(areas, total, 15),
    '',
    '### Self time by function',
    '',
    '| function | ms | share |',
    '| --- | ---: | ---: |',
    ...top(self, total, 25),
    '',
    '### Inclusive time by function (the function and everything it called)',
    '',
    '| function | ms | share |',
    '| --- | ---: | ---: |',
    ...top(inclusive, total, 40),
    '',
  ].join('\n');
};
