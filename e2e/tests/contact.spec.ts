import { expect, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from '../admin-settings';
import { uniqueEmail } from './helpers';

const SENT = 'Thanks for getting in touch! Your message has been sent and we will reply by email.';
const RATE_LIMITED =
  'You have sent several messages in the last hour. Please wait a while before sending another.';

test('the contact form sends a message and confirms it', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Margaret Hamilton');
  await page.getByLabel('Email').fill(uniqueEmail('contact'));
  await page.getByLabel('Message').fill('Does Relaycast run on a Raspberry Pi with PostgreSQL?');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
  await expect(page.getByText(SENT)).toBeVisible();

  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('Message')).toHaveValue('');
  await expect(page.getByLabel('Name')).toHaveValue('Margaret Hamilton');
});

test('the contact form rejects bad input on the page and the server does too', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Please write a message of at least 10 characters.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Name').fill('Margaret Hamilton');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Message').fill('Hi');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Please write a message of at least 10 characters.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toHaveCount(0);

  const response = await page.request.post('/api/contact', {
    data: { name: 'Margaret', email: 'not-an-email', message: 'A message that is long enough.' },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({
    code: 'VALIDATION_ERROR',
    message: 'Please enter a valid email address.',
  });
});

test('too many messages from one address get a clear message', async ({ page }) => {
  const email = uniqueEmail('limit');
  for (let i = 0; i < 3; i += 1) {
    const response = await page.request.post('/api/contact', {
      data: { name: 'Repeat Sender', email, message: `Message number ${i + 1} about my account.` },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Repeat Sender');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('One more message about my account.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toHaveText(RATE_LIMITED);
  await expect(page.getByRole('heading', { name: 'Message sent' })).toHaveCount(0);
});

test('a message from the contact page waits for the server’s administrator on /admin, with a reply button', async ({
  page,
}) => {
  const sender = uniqueEmail('inbox');
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'The people who run this server read it' })).toBeVisible();
  await page.getByLabel('Name').fill('Ada Inbox');
  await page.getByLabel('Email').fill(sender);
  await page.getByLabel('Message').fill('Can the studio stream to Kick as a custom RTMP server?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();

  // The administrator named in ADMIN_EMAILS signs up once, and finds Administration in Settings.
  const admin = { name: 'Sam Server', email: E2E_ADMIN_EMAIL, password: 'correct-horse-battery' };
  expect((await page.request.post('/api/auth/sign-up/email', { data: admin })).ok()).toBe(true);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
  });
  expect(signedIn.ok()).toBe(true);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const inbox = page.getByRole('region', { name: 'Contact messages' });
  const message = inbox.getByTestId('contact-message').filter({ hasText: sender });
  await expect(message).toContainText('Ada Inbox');
  await expect(message).toContainText('Can the studio stream to Kick as a custom RTMP server?');
  await expect(message.getByRole('link', { name: 'Reply to Ada Inbox' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${sender.replace(/[.+]/g, '\\$&')}\\?subject=`),
  );

  // The same page lists the install's nodes: this one server, running, and the job queues.
  const nodes = page.getByRole('region', { name: 'Nodes' });
  const self = nodes.getByTestId('admin-node').filter({ hasText: 'answered this page' });
  await expect(self).toHaveCount(1);
  await expect(self).toContainText('Running');
  await expect(self).toContainText('Web and background work');
  await expect(nodes.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
});
