// The parts of web-push 3.6.7 the notifications module uses (the package ships no types).
declare module 'web-push' {
  interface VapidKeys {
    publicKey: string;
    privateKey: string;
  }
  interface PushSubscriptionKeys {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
  }
  interface RequestDetails {
    method: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  function generateVAPIDKeys(): VapidKeys;
  function generateRequestDetails(
    subscription: PushSubscriptionKeys,
    payload: string | Buffer | null,
    options: RequestOptions,
  ): RequestDetails;
  const webpush: {
    generateVAPIDKeys: typeof generateVAPIDKeys;
    generateRequestDetails: typeof generateRequestDetails;
  };
  export default webpush;
}
