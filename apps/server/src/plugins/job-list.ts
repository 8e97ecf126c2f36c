import type { BackgroundWork } from '../lib/background-work';
import { ACCOUNTS_JOBS, type AccountsJobContext } from '../modules/accounts/accounts.jobs';
import { ANALYTICS_JOBS, type AnalyticsJobContext } from '../modules/analytics/analytics.jobs';
import { APPROVALS_JOBS, type ApprovalsJobContext } from '../modules/approvals/approvals.jobs';
import { CLIPS_JOBS, type ClipsJobContext } from '../modules/clips/clips.jobs';
import { CONTACT_JOBS, type ContactJobContext } from '../modules/contact/contact.jobs';
import { ENGAGEMENT_JOBS, type EngagementJobContext } from '../modules/engagement/engagement.jobs';
import { EVERGREEN_JOBS, type EvergreenJobContext } from '../modules/evergreen/evergreen.jobs';
import { FEEDS_JOBS, type FeedsJobContext } from '../modules/feeds/feeds.jobs';
import { MEDIA_JOBS, type MediaJobContext } from '../modules/media/media.jobs';
import { NODES_JOBS, type NodesJobContext } from '../modules/nodes/nodes.jobs';
import {
  NOTIFICATIONS_JOBS,
  type NotificationsJobContext,
} from '../modules/notifications/notifications.jobs';
import {
  PLANNED_STREAM_JOBS,
  type PlannedStreamsJobContext,
} from '../modules/planned-streams/planned-streams.jobs';
import { POST_SERIES_JOBS, type PostSeriesJobContext } from '../modules/post-series/post-series.jobs';
import { PUBLISHING_JOBS, type PublishingJobContext } from '../modules/publishing/publishing.jobs';
import { RATE_LIMITS_JOBS, type RateLimitsJobContext } from '../modules/rate-limits/rate-limits.jobs';
import { STREAMING_JOBS, type StreamingJobContext } from '../modules/streaming/streaming.jobs';
import { WATERMARKS_JOBS, type WatermarksJobContext } from '../modules/watermarks/watermarks.jobs';
import { WEBHOOKS_JOBS, type WebhooksJobContext } from '../modules/webhooks/webhooks.jobs';

/**
 * What the handlers get (plugins/background.ts builds it once per process): the union of what each module's
 * jobs declare they need.
 */
export type JobContext = AccountsJobContext &
  AnalyticsJobContext &
  ApprovalsJobContext &
  ClipsJobContext &
  ContactJobContext &
  EngagementJobContext &
  EvergreenJobContext &
  FeedsJobContext &
  MediaJobContext &
  NodesJobContext &
  NotificationsJobContext &
  PublishingJobContext &
  PostSeriesJobContext &
  PlannedStreamsJobContext &
  RateLimitsJobContext &
  StreamingJobContext &
  WatermarksJobContext &
  WebhooksJobContext;

/**
 * Every job and sweep of the server, in one list (docs/decisions/0062-background-work-one-way.md). A module
 * declares its own in `<module>.jobs.ts`; adding one is a line here.
 */
export const BACKGROUND_WORK: readonly BackgroundWork<JobContext>[] = [
  ...PUBLISHING_JOBS,
  ...CLIPS_JOBS,
  ...ACCOUNTS_JOBS,
  ...ENGAGEMENT_JOBS,
  ...ANALYTICS_JOBS,
  ...WEBHOOKS_JOBS,
  ...APPROVALS_JOBS,
  ...STREAMING_JOBS,
  ...NOTIFICATIONS_JOBS,
  ...PLANNED_STREAM_JOBS,
  ...CONTACT_JOBS,
  ...MEDIA_JOBS,
  ...FEEDS_JOBS,
  ...RATE_LIMITS_JOBS,
  ...NODES_JOBS,
  ...WATERMARKS_JOBS,
  ...POST_SERIES_JOBS,
  ...EVERGREEN_JOBS,
];
