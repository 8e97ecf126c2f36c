import { type AddressPolicy, checkUrlHost, PrivateAddressError } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';

/**
 * A stream destination's RTMP URL is an address ffmpeg connects to: under the address policy (decision 0014)
 * it may not point inside the server's network, or the destination's status would make the server a port
 * scanner. Checked when saved and again right before every ffmpeg spawn and retry (DNS can change). A name
 * that does not resolve is not a refusal: ffmpeg reports it like any other connection failure.
 */
export async function destinationRefusal(rtmpUrl: string, policy: AddressPolicy): Promise<string | null> {
  if (policy.allowPrivate) return null;
  let url: URL;
  try {
    url = new URL(rtmpUrl);
  } catch {
    return null;
  }
  try {
    await checkUrlHost(url, policy);
    return null;
  } catch (error) {
    if (error instanceof PrivateAddressError) return error.message;
    return null;
  }
}

/** The save-time check: 400 with the policy's reason, nothing saved. */
export async function assertDestinationAllowed(rtmpUrl: string, policy: AddressPolicy): Promise<void> {
  const refusal = await destinationRefusal(rtmpUrl, policy);
  if (refusal) throw new AppError('PRIVATE_ADDRESS', { message: refusal });
}
