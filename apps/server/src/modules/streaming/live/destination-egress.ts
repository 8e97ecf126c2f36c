import type { Duplex } from 'node:stream';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import type { AddressPolicy } from '../../../lib/address-policy';
import { secureTunnel } from '../../../lib/proxy-connect';
import { type AccountProxyRow, accountTunnel } from '../../accounts/account-call-context';
import { destinationRefusal } from '../destination-address';
import { destinationRouteOf } from '../destination-proxy';
import type { LiveDestination } from '../destinations.service';
import { buildEgressArgs, destinationUrlOf } from './ffmpeg-args';
import { type ProxyBridge, startProxyBridge } from './proxy-bridge';
import { type RtmpTarget, rtmpTargetOf } from './rtmp-target';

export interface EgressContext {
  db: Db;
  config: Config;
  workspaceId: string;
  /** The server's outbound-address policy (decision 0014); tests pass one that trusts their certificate. */
  policy: AddressPolicy;
}

/**
 * How one destination's ffmpeg reaches its platform, decided again before every attempt (the supervisor's
 * preflight, docs/decisions/0099-live-streams-through-proxies.md): directly, as before, or through the proxy
 * of the account the destination belongs to (destination-proxy.ts), by the local bridge (proxy-bridge.ts).
 * Before each attempt: the address policy's check of the ingest host (as for every destination), then, with a
 * proxy, the tunnel (and TLS for rtmps) is opened first: when it cannot be, ffmpeg is not started and the
 * attempt fails with the proxy's reason (the account paused, as for its other calls). Nothing goes out directly.
 */
export class DestinationEgress {
  private bridge: ProxyBridge | null = null;
  private args: string[];
  private readonly directArgs: string[];
  private readonly url: string;
  private closed = false;

  constructor(
    private readonly ctx: EgressContext,
    private readonly destination: Pick<LiveDestination, 'platform' | 'rtmpUrl' | 'streamKey'>,
    private readonly input: string,
  ) {
    this.url = destinationUrlOf(destination.rtmpUrl, destination.streamKey);
    this.directArgs = buildEgressArgs(input, this.url);
    this.args = this.directArgs;
  }

  /** ffmpeg's arguments for the attempt the last preflight prepared. */
  readonly currentArgs = (): string[] => this.args;

  /** A reason to refuse (the output fails); throws when the proxy fails (the attempt fails and is retried). */
  readonly preflight = async (): Promise<string | null> => {
    const refusal = await destinationRefusal(this.destination.rtmpUrl, this.ctx.policy);
    if (refusal) return refusal;
    const route = await destinationRouteOf(this.ctx.db, this.ctx.workspaceId, this.destination.platform);
    if (route.kind === 'refused') return route.reason;
    if (route.kind === 'direct') {
      await this.closeBridge();
      this.args = this.directArgs;
      return null;
    }
    const target = rtmpTargetOf(this.url);
    if (!target) return STREAMING_MESSAGES.rtmpInvalid;
    const bridge = await this.openBridge();
    await bridge.prepare(() => this.openUpstream(route.proxy, target));
    this.args = buildEgressArgs(this.input, target.localUrl(bridge.port), target.tcUrl);
    return null;
  };

  /** Connections the bridge carried to the platform through the proxy (tests). */
  get bridgedConnections(): number {
    return this.bridge?.carried ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.closeBridge();
  }

  private async openBridge(): Promise<ProxyBridge> {
    if (this.bridge) return this.bridge;
    // One preflight at a time per destination: only close() can come in between.
    const bridge = await startProxyBridge();
    if (this.closed) {
      await bridge.close();
      throw new Error('The stream ended.');
    }
    this.bridge = bridge;
    return bridge;
  }

  private async closeBridge(): Promise<void> {
    const bridge = this.bridge;
    this.bridge = null;
    await bridge?.close();
  }

  /** The tunnel through the account's proxy to the ingest server, with TLS inside it for rtmps. */
  private async openUpstream(proxy: AccountProxyRow, target: RtmpTarget): Promise<Duplex> {
    const { db, config, policy } = this.ctx;
    const socket = await accountTunnel(db, config, proxy, { host: target.host, port: target.port }, policy);
    if (!target.secure) return socket;
    try {
      // The platform's certificate is verified against its name; no ALPN (ffmpeg's own TLS offers none).
      return await secureTunnel(socket, target.host, policy.ca, undefined);
    } catch (error) {
      socket.destroy();
      throw new Error(STREAMING_MESSAGES.rtmpsThroughProxyFailed(target.host, (error as Error).message));
    }
  }
}
