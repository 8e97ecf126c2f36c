import { expect, test } from '@playwright/test';
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
