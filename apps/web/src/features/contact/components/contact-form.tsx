import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  type ContactMessageInput,
  contactMessageSchema,
} from '@relaycast/shared/contact';
import { CONTACT_MESSAGES } from '@relaycast/shared/messages';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSendContactMessage } from '@/api/contact';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';

interface ContactFormProps {
  /** Prefilled for a signed-in user. */
  defaultValues?: Partial<Pick<ContactMessageInput, 'name' | 'email'>>;
}

/** Name, email and message, validated with the same schema as the server; a confirmation once stored. */
export function ContactForm({ defaultValues }: ContactFormProps) {
  const mutation = useSendContactMessage();
  const { t } = useTranslation('contact');
  const messageId = useId();
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: defaultValues?.name ?? '', email: defaultValues?.email ?? '', message: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
    } catch {
      // Shown below from mutation.error; nothing else to do here.
    }
  });

  // The form is replaced by the confirmation: move focus there so keyboard and screen-reader users follow.
  useEffect(() => {
    if (mutation.isSuccess) confirmationRef.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
        <h2 ref={confirmationRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {t('Message sent')}
        </h2>
        <p className="max-w-sm text-muted-foreground">{translateMessage(CONTACT_MESSAGES.sent)}</p>
        <Button
          variant="outline"
          className="mt-2"
          onClick={() => {
            form.reset({ ...form.getValues(), message: '' });
            mutation.reset();
          }}
        >
          {t('Send another message')}
        </Button>
      </div>
    );
  }

  const { errors, isSubmitting } = form.formState;
  const serverError =
    mutation.error instanceof ApiError
      ? mutation.error.message
      : mutation.error
        ? translateMessage(CONTACT_MESSAGES.sendFallback)
        : null;
  const messageErrorId = `${messageId}-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <FormField
        label={t('Name')}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormField
        label={t('Email')}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={messageId}>{t('Message')}</Label>
        <Textarea
          id={messageId}
          rows={6}
          required
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          placeholder={t('How can we help?')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? messageErrorId : undefined}
          {...form.register('message')}
        />
        {errors.message ? (
          <p id={messageErrorId} role="alert" className="text-sm text-destructive">
            {errors.message.message}
          </p>
        ) : null}
      </div>
      {serverError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {serverError}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label={t('Sending')} className="text-current" /> : null}
        {t('Send message')}
      </Button>
    </form>
  );
}
