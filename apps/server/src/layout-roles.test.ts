import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Role enforcement, one rule (docs/conventions.md, "Guarded routes"; docs/decisions/0067-role-enforcement-one-rule.md):
 * a route declares the permission its caller's role needs (`config: { permission }`), the route hook
 * (plugins/authenticate-first.ts) checks it against the role table (packages/shared/src/roles.ts), and a handler
 * reads who is calling with `callerOf(request)` (lib/caller.ts). Part of the layout test: these scans of the server's
 * product code fail on a second check of a role or a second way to read the caller.
 */
const serverSrc = path.dirname(fileURLToPath(import.meta.url));

/** Product code only, as in layout.test.ts: tests, their support files and the fakes are not checked. */
function productFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'testing', 'test', 'fuzz'].includes(entry.name))
        found.push(...productFiles(full));
    } else if (
      /\.ts$/.test(entry.name) &&
      !/\.(d|test|spec)\.ts$/.test(entry.name) &&
      !/test-support|[.-]fake\.ts$/.test(entry.name)
    ) {
      found.push(full);
    }
  }
  return found;
}

const ROLE_NAME = `['"](?:owner|admin|editor|contributor|viewer|member)['"]`;

/** A role compared with a role's name (`role === 'owner'`, `'admin' !== caller.role`). */
const ROLE_NAME_COMPARISON = new RegExp(`[!=]==\\s*${ROLE_NAME}|${ROLE_NAME}\\s*[!=]==`);

/**
 * A refusal on a role: `assertRoleCan(…)` or an `assertCan…(…)` of one's own, or a negated call on a role holder
 * (`role`, `caller`, `workspace`, `actor`) whose `false` throws: `if (!roleCan(caller.role, 'publish')) throw …`,
 * `if (!canEditAiSettings(workspace)) {` then `throw`.
 */
const ROLE_REFUSAL =
  /\bassert(?:RoleCan|Can[A-Z]\w*)\(|!\s*\w+\([^()]*\b(?:role|caller|workspace|actor)\b[^()]*\)\s*\)\s*\{?\s*throw\b/;

/** Where a refusal on a role may be, and why (paths under apps/server/src). */
const MAY_REFUSE_ON_A_ROLE: Record<string, string> = {
  'plugins/authenticate-first.ts': 'the route hook: every route’s declared permission',
  'lib/role-check.ts': 'the one check, which the hook and the rules below call',
  'modules/posts/posts.service.ts': 'permissionToRemove: whose post and its state, with the row in hand',
  'modules/media/media.service.ts': 'permissionToRemove: whose file, with the row in hand',
  'modules/streaming/streaming-ingest.routes.ts': 'a public route (close frames) that checks `stream` itself',
  'modules/planned-streams/planned-streams-autostart.ts':
    'a planned stream started in the background for its planner, who must still be allowed to `stream`',
};

/** Reading the session's workspace directly, defining a caller helper or a caller type of one's own. */
const SECOND_CALLER_WAY = [
  /\.requireWorkspace\(/,
  /\bfunction\s+\w*(?:[cC]allerOf|[aA]ctorOf)\b|\b(?:const|let)\s+\w*(?:[cC]allerOf|[aA]ctorOf)\s*=/,
  /\binterface\s+\w*(?:Caller|Actor)\b|\btype\s+\w*(?:Caller|Actor)\s*=/,
];

/** Where the caller is read from the session (paths under apps/server/src). */
const READS_THE_SESSION = ['plugins/auth.ts', 'plugins/authenticate-first.ts', 'lib/caller.ts'];

/** Each offending line of `text` as "file:line: text" (a refusal may go on to the next line: `{` then `throw`). */
function offending(file: string, text: string, pattern: RegExp): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    const next = lines[index + 1]?.trim() ?? '';
    const hit = pattern.test(line) || (!pattern.test(next) && pattern.test(`${line} ${next}`));
    return hit ? [`${file}:${index + 1}: ${line.trim()}`] : [];
  });
}

function scan(check: (file: string, text: string) => string[]): string[] {
  return productFiles(serverSrc).flatMap((full) =>
    check(path.relative(serverSrc, full).split(path.sep).join('/'), readFileSync(full, 'utf8')),
  );
}

/** The server's product code against the three rules. */
export function roleRuleBreaches(file: string, text: string): string[] {
  const found = offending(file, text, ROLE_NAME_COMPARISON);
  if (!(file in MAY_REFUSE_ON_A_ROLE)) found.push(...offending(file, text, ROLE_REFUSAL));
  if (!READS_THE_SESSION.includes(file)) {
    for (const pattern of SECOND_CALLER_WAY) found.push(...offending(file, text, pattern));
  }
  return found;
}

describe('role enforcement, one rule', () => {
  it('compares no role with a role’s name, refuses on a role only in the hook and the row rules, and reads the caller one way', () => {
    expect(scan(roleRuleBreaches)).toEqual([]);
  });

  it('finds each kind of breach (the check itself works)', () => {
    const handler = [
      "export function isWorkspaceAdmin(role: string) { return role === 'owner' || role === 'admin'; }",
      "if ('viewer' !== caller.role) return;",
      "if (!roleCan(caller.role, 'publish')) throw forbidden(caller.role, 'publish');",
      "if (!roleCan(workspace.role, 'billing')) {",
      "  throw new AppError('FORBIDDEN');",
      '}',
      "assertRoleCan(caller.role, 'manageWorkspace');",
      "if (!canManageReportLinks(workspace.role)) throw new AppError('FORBIDDEN');",
      'assertCanManageWebhooks(workspace);',
      'const { user, workspace } = await request.requireWorkspace();',
      'async function callerOf(request: FastifyRequest): Promise<BillingCaller> {',
      'export interface ApprovalCaller {',
      'type PostActor = { userId: string };',
    ].join('\n');
    expect(
      roleRuleBreaches('modules/example/example.routes.ts', handler).map((line) => line.split(':')[1]),
    ).toEqual(['1', '2', '3', '4', '7', '8', '9', '10', '11', '12', '13']);
  });

  it('lets through the row rules, the flags for the interface, the owner’s own checks and the table', () => {
    const fine = [
      "const canEdit = roleCan(caller.role, 'manageWorkspace');",
      "if (!roleCan(role, 'publish')) return true;",
      "if (!isInstanceAdmin(config, email)) throw new AppError('NOT_FOUND');",
      'if (isOwner(member.role)) throw forbidden(MEMBERS_MESSAGES.ownerRoleFixed);',
      ".where(eq(workspaceMembers.role, 'owner'))",
      "await tx.insert(workspaceMembers).values({ role: 'owner' });",
      'const caller = await callerOf(request);',
      "import { type Caller, callerOf } from '../../lib/caller';",
    ].join('\n');
    expect(roleRuleBreaches('modules/example/example.service.ts', fine)).toEqual([]);
    const rowRule = 'assertRoleCan(caller.role, permissionToRemove(rule), ROLE_MESSAGES.onlyOwnDrafts);';
    expect(roleRuleBreaches('modules/media/media.service.ts', rowRule)).toEqual([]);
    expect(roleRuleBreaches('modules/example/example.service.ts', rowRule)).toHaveLength(1);
  });
});
