import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { authClient } from '@/lib/auth-client';
import { userSettingsKey } from './settings';

/**
 * `/api/auth/two-factor/*` (Better Auth's two-factor plugin): the one client module for turning two-factor
 * sign-in on and off and for the code asked after the password. The settings' `security.twoFactorAuth` is the
 * account's real state, so every change here refreshes the settings.
 */

type BetterAuthResult<T> = {
  data: T | null;
  error: { status: number; code?: string; message?: string; retryAfterSeconds?: unknown } | null;
};

async function unwrap<T>(call: Promise<BetterAuthResult<T>>): Promise<T> {
  const { data, error } = await call;
  if (error || !data) {
    throw new ApiError(
      error?.status ?? 500,
      error?.code ?? 'HTTP_ERROR',
      error?.message || GENERIC_MESSAGES.internal,
    );
  }
  return data;
}

export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/** Starts an enrolment after the password: a new secret (as an otpauth URI) and ten backup codes. */
export function startTwoFactorEnrolment(password: string): Promise<TwoFactorEnrolment> {
  return unwrap(authClient.twoFactor.enable({ password })).then((data) => {
    const { totpURI, backupCodes } = data as Partial<TwoFactorEnrolment>;
    if (!totpURI || !backupCodes) throw new ApiError(500, 'HTTP_ERROR', GENERIC_MESSAGES.internal);
    return { totpURI, backupCodes };
  });
}

/**
 * Checks a code: while signed in it confirms an enrolment; after a password that needed a second step it
 * finishes the sign-in (`trustDevice` skips the code on this browser for 30 days).
 */
export function verifyTotpCode(code: string, trustDevice = false) {
  return unwrap(authClient.twoFactor.verifyTotp({ code, trustDevice }));
}

/** Finishes a sign-in with one of the backup codes (each works once). */
export function verifyBackupCode(code: string, trustDevice = false) {
  return unwrap(authClient.twoFactor.verifyBackupCode({ code, trustDevice }));
}

export function useStartTwoFactorEnrolment() {
  return useMutation({ mutationFn: startTwoFactorEnrolment });
}

export function useConfirmTwoFactorEnrolment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyTotpCode(code),
    onSuccess: () => client.invalidateQueries({ queryKey: userSettingsKey }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => unwrap(authClient.twoFactor.disable({ password })),
    onSuccess: () => client.invalidateQueries({ queryKey: userSettingsKey }),
  });
}

/** A new set of ten backup codes after the password; the old ones stop working. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(authClient.twoFactor.generateBackupCodes({ password })).then((data) => {
        const { backupCodes } = data as { backupCodes?: string[] };
        if (!backupCodes) throw new ApiError(500, 'HTTP_ERROR', GENERIC_MESSAGES.internal);
        return backupCodes;
      }),
  });
}
