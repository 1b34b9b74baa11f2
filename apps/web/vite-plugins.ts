import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images other than SVG, fonts in woff2 and the like are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/i;
/** Below this the compressed copy saves less than its own headers cost (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside every text file of the build, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing on every request, and
 * compresses harder than it could afford to per request. A copy that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fleetdeck:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && TEXT.test(e.name) && !e.parentPath.split(path.sep).includes('.vite'))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Moves the stylesheets Vite puts in <head> to the end of <body>, after the static shell (index.html): the shell
 * carries its own inline styles and paints without them, while the app's scripts still wait for them (a script
 * waits for the stylesheets before it), so the app never renders unstyled.
 */
export function stylesAfterShell(): Plugin {
  return {
    name: 'fleetdeck:styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const head = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        if (!links.length) return html;
        // The app's scripts are not needed for the first paint either: fetched at low priority, after the shell's
        // needs (the stylesheet, which they wait for anyway).
        return head
          .replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"')
          .replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}

/**
 * The back office's page (admin.html) gets the same static shell as the console's index.html, written once there:
 * its inline styles and its markup, with the card's words of the staff login ("Welcome to …"). admin.html marks
 * where they go with `<!--shell-style-->` and `<!--shell-->`.
 */
export function sharedShell(): Plugin {
  let root = '';
  return {
    name: 'fleetdeck:shared-shell',
    configResolved(resolved) {
      root = resolved.root;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        if (!html.includes('<!--shell-->')) return html;
        const source = await fs.readFile(path.join(root, 'index.html'), 'utf8');
        const style = /<style>[\s\S]*?<\/style>/.exec(source)?.[0];
        const shell = /<div id="root">\n([\s\S]*?)\n {4}<\/div>\n {4}<script/.exec(source)?.[1];
        if (!style || !shell) throw new Error(`${ctx.filename}: index.html has no shell to share`);
        const staffShell = shell
          .replace(/<h1>[\s\S]*?<\/h1>/, '<h1>Welcome to <span data-product-name>Fleetdeck</span></h1>')
          .replace(/<p>[\s\S]*?<\/p>/, '<p>Sign in to the back office.</p>')
          // The staff login has two fields and a button: the customer form's lower half is left out.
          .replace(/\s*<div class="fd-shell-line"><\/div>[\s\S]*<div class="fd-shell-block"><\/div>/, '');
        return html.replace('<!--shell-style-->', style).replace('<!--shell-->', staffShell);
      },
    },
  };
}

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; code: string | null } | null;
};

/** Package entry files that only re-export (`import { Button } from '@mantine/core'` reaches every component). */
const BARREL =
  /node_modules[\\/]((?:@mantine[\\/][a-z-]+)[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs)$/;
/**
 * Modules behind a package entry that re-exports them whole (`export * from`, the contract): which of them an import
 * uses cannot be told by its names here, and the bundler leaves out of a chunk what no module of it uses; in a group,
 * the endpoints of every page would go to the entries. They and what they import stay where the bundler puts them.
 */
const EXPORT_ALL = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const PACKAGE = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;
const NAMED = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** `{ a, b as c, default as D }` → the names it binds or exports (`a`, `c`, `D`). */
const namesOf = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((s) => s.split(/\s+as\s+/).pop()!);

/**
 * Chunk names that put the lazily loaded parts every first visit needs in a few files (issue 13). Left to itself
 * the bundler makes one file per module that a distinct set of lazy imports shares: every Mantine component, icon and
 * API module of the signed-in frame its own file of 1–2 KB, about 95 requests for /dashboard; on a phone's network
 * each request costs a round trip. Here a module that the entries do not import, and that some of the `parts` import
 * (statically, directly or not), goes to the chunk of exactly that set of parts (their names joined by `~`): a part
 * downloads the same modules as before, never another part's, in a handful of files (a page that imports a module of
 * a group downloads that group's whole chunk, a few KB at most today). What no part imports (the pages and what only
 * they import) is left to the bundler. Imports through a package's re-exporting entry (Mantine,
 * Tabler icons) follow only the names imported. Paths are relative to `root` (apps/web).
 */
export function partChunks(options: {
  root: string;
  entries: Record<string, string>;
  parts: Record<string, string[]>;
  /** Modules other groups take. */
  except?: RegExp[];
  /**
   * Modules a part takes as its own though its roots do not import them: what most pages shown in a frame import
   * (lists, forms, cards), so that a first visit gets them with the frame instead of as a dozen small files.
   */
  kit?: Record<string, string[]>;
  /** A group whose modules' code is smaller than this many bytes joins a group that every one of its users loads. */
  foldBelow?: number;
}) {
  let names: Map<string, string> | null = null;
  const abs = (p: string) => path.join(options.root, p);
  const barrels = new Map<string, Map<string, string>>();
  /** A barrel's exported name → the module that defines it. */
  const exportsOf = (graph: ModuleGraph, barrel: string) => {
    let map = barrels.get(barrel);
    if (!map) {
      map = new Map();
      const info = graph.getModuleInfo(barrel);
      for (const [, list, from] of (info?.code ?? '').matchAll(NAMED)) {
        // Another package's names (Mantine's `RemoveScroll` from react-remove-scroll) lead to that package's entry.
        const target = from!.startsWith('.')
          ? path.resolve(path.dirname(barrel), from!)
          : info?.importedIds.find((id) => id.replaceAll('\\', '/').includes(`/node_modules/${from}/`));
        if (target) for (const n of namesOf(list!)) map.set(n, target);
      }
      barrels.set(barrel, map);
    }
    return map;
  };
  /** What `id` imports; through a barrel, only the modules of the names it imports from that package. */
  const importsOf = (graph: ModuleGraph, id: string) => {
    const info = graph.getModuleInfo(id);
    if (!info) return [];
    const out: string[] = [];
    for (const dep of info.importedIds) {
      if (!BARREL.test(dep)) {
        out.push(dep);
        continue;
      }
      const pkg = PACKAGE.exec(dep)?.[1]?.replaceAll('\\', '/');
      const map = exportsOf(graph, dep);
      for (const [, list, from] of (info.code ?? '').matchAll(NAMED)) {
        if (from !== pkg) continue;
        for (const n of namesOf(list!)) {
          const target = map.get(n);
          if (target) out.push(target);
        }
      }
    }
    return out;
  };
  const closure = (graph: ModuleGraph, roots: readonly string[], stop: Set<string>) => {
    const seen = new Set<string>();
    const todo = [...roots];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id) || stop.has(id)) continue;
      seen.add(id);
      todo.push(...importsOf(graph, id));
    }
    return seen;
  };
  const build = (graph: ModuleGraph) => {
    const entries = closure(graph, Object.values(options.entries).map(abs), new Set());
    const roots = new Set(Object.values(options.parts).flat().map(abs));
    const members = new Map<string, Set<string>>();
    for (const [part, partRoots] of Object.entries(options.parts)) {
      members.set(part, closure(graph, [...partRoots, ...(options.kit?.[part] ?? [])].map(abs), entries));
    }
    // The parts' own modules stay the chunks their dynamic imports load (the server and the bundle budget find them
    // in the manifest by their names), and so does every module that imports one of them (the sidebar and the account
    // menu read the portal's route table at load): in a group, such a module would make the group's chunk and the
    // root's import each other, and which of the two ran first would then depend on the network (a back-office
    // login-as tab failed so). Everything else a part imports cannot reach a root, so the groups import only groups
    // and the entries.
    const importers = new Map<string, string[]>();
    for (const id of new Set([...members.values()].flatMap((m) => [...m]))) {
      for (const dep of importsOf(graph, id)) importers.set(dep, [...(importers.get(dep) ?? []), id]);
    }
    const aboveRoots = new Set<string>();
    const todo = [...roots];
    while (todo.length) {
      const id = todo.pop()!;
      if (aboveRoots.has(id)) continue;
      aboveRoots.add(id);
      todo.push(...(importers.get(id) ?? []));
    }
    const owners = new Map<string, string[]>();
    for (const [part, ids] of members) {
      for (const id of ids) if (!aboveRoots.has(id)) owners.set(id, [...(owners.get(id) ?? []), part]);
    }
    // What an entry imports itself goes by the set of entries that import it (`<names>-start`): the bundler would split
    // it by the lazy chunks that import it too, though the entry has loaded it already (a dozen files of 1–2 KB on
    // every first visit). A module that the other app loads lazily too goes by the parts that import it as well
    // (`<names>-start~<parts>`), so that app's pages download only what its parts need of this app's start; if none of
    // them does, it is left to the bundler. An entry downloads the same modules as before. Also left to the bundler:
    // stylesheets (their order is the cascade's), what another group takes (`except`), and the contract (below).
    const reach = (file: string) => {
      const seen = new Set<string>();
      const todo = [abs(file)];
      while (todo.length) {
        const id = todo.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        todo.push(...importsOf(graph, id), ...(graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      }
      return seen;
    };
    const reached = Object.entries(options.entries).map(([name, file]) => [name, reach(file)] as const);
    // Another group takes what it matches with all it imports (`includeDependenciesRecursively`).
    const taken = closure(
      graph,
      [...entries].filter((id) => EXPORT_ALL.test(id) || options.except?.some((re) => re.test(id))),
      new Set(),
    );
    const starts = new Map<string, string[]>();
    for (const [name, file] of Object.entries(options.entries)) {
      for (const id of closure(graph, [abs(file)], taken)) {
        if (id === abs(file) || id.startsWith('\0') || /\.css($|\?)/.test(id)) continue;
        starts.set(id, [...(starts.get(id) ?? []), name]);
      }
    }
    const partsReaching = Object.entries(options.parts).map(
      ([part, partRoots]) =>
        [part, closure(graph, [...partRoots, ...(options.kit?.[part] ?? [])].map(abs), new Set())] as const,
    );
    /** The parts the given entries load (their roots are reached from one of them). */
    const ownParts = (names: string[]) =>
      Object.entries(options.parts)
        .filter(([, partRoots]) =>
          reached.some(([name, ids]) => names.includes(name) && partRoots.some((r) => ids.has(abs(r)))),
        )
        .map(([part]) => part);
    const byOthersToo = (id: string, names: string[]) =>
      reached.some(([name, ids]) => !names.includes(name) && ids.has(id));
    const grouped = new Map<string, Group>();
    const add = (id: string, name: string, users: string[]) => {
      let group = grouped.get(name);
      if (!group) grouped.set(name, (group = { users: new Set(users), ids: [] }));
      group.ids.push(id);
    };
    for (const [id, names] of starts) {
      const name = `${names.join('~')}-start`;
      const startUsers = names.map((n) => `start:${n}`);
      if (!byOthersToo(id, names)) {
        add(id, name, startUsers);
        continue;
      }
      // Only the other app's parts tell chunks apart: this app's start has all of these modules anyway.
      const users = partsReaching
        .filter(([part, ids]) => ids.has(id) && !ownParts(names).includes(part))
        .map(([part]) => part);
      if (users.length) add(id, `${name}~${users.join('~')}`, [...startUsers, ...users.map((u) => `part:${u}`)]);
    }
    for (const [id, parts] of owners)
      add(
        id,
        parts.join('~'),
        parts.map((p) => `part:${p}`),
      );
    if (options.foldBelow) foldSmallGroups(grouped, options.foldBelow, graph, (id) => importsOf(graph, id));
    return new Map([...grouped].flatMap(([name, group]) => group.ids.map((id) => [id, name] as const)));
  };
  return (id: string, ctx: ModuleGraph): string | null => {
    names ??= build(ctx);
    return names.get(id) ?? null;
  };
}

/** A chunk of `partChunks`: who loads it (`start:<entry>`, `part:<part>`) and its modules. */
interface Group {
  users: Set<string>;
  ids: string[];
}

/**
 * Folds each group smaller than `below` (its modules' code, before minifying) into the group with the fewest users
 * among those that every user of the small one loads too, the largest on a tie: on a phone's network a request of a
 * few hundred bytes costs a round trip, about what a page pays for a few KB it does not use. Not made: a fold that
 * would make two groups import each other (directly or through the bundler's own chunks), or one after which the
 * target's users would download a file more (what the small group imports and they did not load). Smallest first,
 * until none is left to fold.
 */
function foldSmallGroups(
  groups: Map<string, Group>,
  below: number,
  graph: ModuleGraph,
  importsOf: (id: string) => string[],
) {
  const groupOf = new Map<string, string>();
  for (const [name, group] of groups) for (const id of group.ids) groupOf.set(id, name);
  const sizeOf = (group: Group) => group.ids.reduce((n, id) => n + (graph.getModuleInfo(id)?.code?.length ?? 0), 0);
  /** What a group's modules import: the groups, directly or through modules of no group, and those modules. */
  const importsOfGroup = (name: string) => {
    const out = new Set<string>();
    const seen = new Set<string>();
    const todo = groups.get(name)!.ids.flatMap(importsOf);
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const owner = groupOf.get(id);
      if (owner === undefined) todo.push(...importsOf(id));
      else if (owner !== name) out.add(owner);
    }
    return { groups: out, ungrouped: new Set([...seen].filter((id) => !groupOf.has(id))) };
  };
  const edges = new Map([...groups.keys()].map((name) => [name, importsOfGroup(name).groups]));
  /**
   * Whether whoever loads `target` loads all that `name` imports already: a group that all of them load, or modules
   * of no group that `target` imports too. (A fold must not add the bundler's small files to another page's load.)
   */
  const importsCovered = (name: string, target: string) => {
    const small = importsOfGroup(name);
    const big = importsOfGroup(target);
    const users = groups.get(target)!.users;
    return (
      [...small.ungrouped].every((id) => big.ungrouped.has(id)) &&
      [...small.groups].every((dep) => dep === target || [...users].every((u) => groups.get(dep)!.users.has(u)))
    );
  };
  const reaches = (from: string, to: string, skip: string) => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length) {
      const at = todo.pop()!;
      if (at === to) return true;
      if (seen.has(at) || at === skip) continue;
      seen.add(at);
      todo.push(...(edges.get(at) ?? []));
    }
    return false;
  };
  for (;;) {
    const small = [...groups]
      .map(([name, group]) => ({ name, group, size: sizeOf(group) }))
      .filter((g) => g.size < below)
      .sort((a, b) => a.size - b.size);
    let folded = false;
    for (const { name, group } of small) {
      const target = [...groups]
        .filter(([other, g]) => other !== name && [...group.users].every((u) => g.users.has(u)))
        // Merged, the target imports what the small group imports: none of that may lead back to either.
        .filter(([other]) => ![...edges.get(name)!].some((dep) => dep !== other && reaches(dep, other, name)))
        .filter(([other]) => ![...edges.get(other)!].some((dep) => dep !== name && reaches(dep, name, other)))
        .filter(([other]) => importsCovered(name, other))
        .sort(([, a], [, b]) => a.users.size - b.users.size || sizeOf(b) - sizeOf(a))[0];
      if (!target) continue;
      const [targetName, targetGroup] = target;
      targetGroup.ids.push(...group.ids);
      for (const id of group.ids) groupOf.set(id, targetName);
      groups.delete(name);
      const merged = new Set([...edges.get(name)!, ...edges.get(targetName)!]);
      merged.delete(name);
      merged.delete(targetName);
      edges.set(targetName, merged);
      edges.delete(name);
      for (const deps of edges.values()) if (deps.delete(name)) deps.add(targetName);
      folded = true;
      break;
    }
    if (!folded) return;
  }
}

/**
 * Fails the build when chunks import one another in a circle. Across a circle, which chunk's top-level code runs
 * first depends on which of them a page asks for first (and so on the network): code that reads another chunk's
 * export at load then finds it unset. The chunk groups (`partChunks`) are made so that none forms.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'fleetdeck:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') imports.set(file, out.imports);
      const done = new Set<string>();
      const trail: string[] = [];
      const visit = (file: string) => {
        const at = trail.indexOf(file);
        if (at >= 0) this.error(`chunks import one another: ${[...trail.slice(at), file].join(' -> ')}`);
        if (done.has(file)) return;
        trail.push(file);
        for (const dep of imports.get(file) ?? []) visit(dep);
        trail.pop();
        done.add(file);
      };
      for (const file of imports.keys()) visit(file);
    },
  };
}
