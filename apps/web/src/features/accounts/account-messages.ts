import { oauthResultMessage } from '@relaycast/shared/accounts';
import { PLANS } from '@relaycast/shared/plans';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { i18n, translateMessage } from '@/i18n';

/**
 * The shared ACCOUNT_MESSAGES that carry a name or a number, in the interface's language: the same English
 * sentences, with their values filled in by i18next (plural-aware) rather than by the shared functions.
 */
function accountsT() {
  return i18n.getFixedT(null, 'accounts');
}

export const accountMessages = {
  connected: (name: string, handle: string) =>
    accountsT()('Connected {{handle}} on {{name}}.', { handle, name }),
  disconnected: (handle: string) =>
    accountsT()('Disconnected {{handle}}. Its scheduled posts are flagged for review.', { handle }),
  refreshed: (handle: string) => accountsT()('Refreshed {{handle}}.', { handle }),
  needsReconnectBanner: (count: number) =>
    accountsT()(
      '{{count}} accounts need reconnecting: posts to them cannot be published until you reconnect.',
      { count },
    ),
  totalLimit: (limit: number, planName: string) => {
    const t = accountsT();
    return t(
      'Your {{plan}} plan allows {{count}} connected social accounts. Disconnect one or upgrade your plan.',
      { count: limit, plan: t(planName) },
    );
  },
  perPlatformLimit: (limit: number, planName: string, platformName: string) => {
    const t = accountsT();
    return t(
      'Your {{plan}} plan allows {{count}} {{platform}} accounts. Disconnect one or upgrade your plan.',
      {
        count: limit,
        plan: t(planName),
        platform: platformName,
      },
    );
  },
};

/**
 * The outcome the OAuth callback put in the URL, in the interface's language. The shared
 * `oauthResultMessage` decides which codes, platforms and plans are known (a crafted link cannot make the
 * page say anything else); this writes the same sentences through i18next.
 */
export function localizedOauthResult(params: {
  get(name: string): string | null;
}): { ok: boolean; message: string } | null {
  const result = oauthResultMessage(params);
  if (!result) return null;
  const t = accountsT();
  const platformParam = params.get('platform');
  const platform = (PLATFORM_IDS as readonly string[]).includes(platformParam ?? '')
    ? PLATFORMS[platformParam as PlatformId].name
    : null;
  const plan = PLANS.find((candidate) => candidate.id === params.get('plan'));
  switch (params.get('result')) {
    case 'connected':
      return {
        ok: true,
        message: platform
          ? t('{{platform}} account connected.', { platform })
          : t('The platform account connected.'),
      };
    case 'exchange_failed':
      return {
        ok: false,
        message: platform
          ? t('{{platform}} refused the connection. Please try again.', { platform })
          : t('The platform refused the connection. Please try again.'),
      };
    case 'not_configured':
      return {
        ok: false,
        message: platform
          ? t('{{platform}} is not configured on this server.', { platform })
          : t('The platform is not configured on this server.'),
      };
    case 'total_limit':
      return {
        ok: false,
        message: plan
          ? accountMessages.totalLimit(plan.socialAccounts, plan.name)
          : t('Your plan’s limit of connected accounts is reached.'),
      };
    case 'platform_limit':
      return {
        ok: false,
        message: plan
          ? accountMessages.perPlatformLimit(
              plan.accountsPerPlatform,
              plan.name,
              platform ?? t('The platform'),
            )
          : platform
            ? t('Your plan’s limit of {{platform}} accounts is reached.', { platform })
            : t('Your plan’s limit of The platform accounts is reached.'),
      };
    default:
      // The fixed messages (state_invalid, state_expired, state_mismatch, denied) are in `messages`.
      return { ok: result.ok, message: translateMessage(result.message) };
  }
}
