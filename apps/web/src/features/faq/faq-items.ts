import { FREE_TRIAL_DAYS, STARTING_MONTHLY_PRICE } from '@relaycast/shared/plans';

export interface FaqItem {
  id: string;
  question: string;
  /** The answer in English, as shown. */
  answer: string;
  /** The translation key of an answer that quotes numbers: `answer` with {{days}} and {{price}} left open. */
  answerKey?: string;
}

/** The ten questions of the FAQ page. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'what-is-relaycast',
    question: 'What is Relaycast?',
    answer:
      'Relaycast is an open-source social media management platform. It helps you write posts with AI, schedule them, publish them automatically, answer comments and messages, see your analytics and go live on several platforms at once, all from one workspace.',
  },
  {
    id: 'platforms',
    question: 'Which social media platforms does Relaycast support?',
    answer:
      'You can connect Instagram, X (Twitter), Facebook, LinkedIn, TikTok, YouTube, Bluesky, Mastodon and Threads accounts to publish posts and read analytics, and answer comments and messages where the network allows it. You can go live on YouTube Live, Facebook Live, Twitch, LinkedIn Live, Twitter Live, Instagram Live, TikTok Live and any custom RTMP server.',
  },
  {
    id: 'free-trial',
    question: 'How does the free trial work?',
    answer: `Every plan starts with a ${FREE_TRIAL_DAYS}-day free trial with every feature included. You do not need a payment card to start, and nothing is charged unless you choose a plan before the trial ends. Paid plans start at $${STARTING_MONTHLY_PRICE} per month.`,
    answerKey:
      'Every plan starts with a {{days}}-day free trial with every feature included. You do not need a payment card to start, and nothing is charged unless you choose a plan before the trial ends. Paid plans start at {{price}} per month.',
  },
  {
    id: 'self-hosting',
    question: 'Can I host Relaycast on my own server?',
    answer:
      'Yes. Relaycast is open source and starts with one command on any machine with Node.js 20. It keeps its data in an embedded database by default and can use your own PostgreSQL server when you need to scale. Your posts, media and analytics stay on your infrastructure.',
  },
  {
    id: 'ai-assistant',
    question: 'How does the AI Content Assistant write posts?',
    answer:
      'Describe what you want to post and the assistant drafts it, adapted to each network. It uses the AI provider your workspace is set up with: OpenAI, Anthropic, or a model you run yourself through an OpenAI-compatible server. Nothing is published until you review and schedule it.',
  },
  {
    id: 'multistreaming',
    question: 'Can I stream to several platforms at the same time?',
    answer:
      'Yes. Go live from the browser studio or from OBS, and Relaycast forwards your stream to every destination you pick, such as YouTube, Twitch, Facebook and LinkedIn. Each destination is handled on its own, so a problem on one platform does not interrupt the others.',
  },
  {
    id: 'teams',
    question: 'Can my team work in Relaycast together?',
    answer:
      'Yes. Every plan includes team features: invite members by e-mail to a shared calendar, approval workflows so posts are checked before they go out (with review links for clients), and five roles so everyone can do only what they need.',
  },
  {
    id: 'change-plan',
    question: 'Can I change or cancel my plan later?',
    answer:
      'You can move to a bigger or smaller plan, or switch between monthly and annual billing, at any time. If you cancel, your workspace stays available until the end of the period you paid for.',
  },
  {
    id: 'limits',
    question: 'What happens when I reach my plan’s limits?',
    answer:
      'Each plan sets how many social accounts you can connect, how many per platform, how much media you can store and how large one file can be. When you reach a limit, Relaycast tells you which one and nothing that is already scheduled is lost. Upgrading raises the limit straight away.',
  },
  {
    id: 'security',
    question: 'Is my data secure?',
    answer:
      'Connected account tokens and stream keys are encrypted at rest, and only their last four characters are ever shown in the browser. Sign-in is protected against repeated guessing, and you can turn on two-factor authentication. When you self-host, your data never leaves your servers.',
  },
];
