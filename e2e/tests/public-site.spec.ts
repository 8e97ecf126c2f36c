import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { createAccount, signInAsNewUser, signInThroughUi } from './session';

const PROMPT_LABEL = 'What would you like to create?';

async function historyLength(page: Page): Promise<number> {
  return page.evaluate(() => window.history.length);
}

/**
 * The prompt arrived as `aiPrompt` in the navigation state (React Router keeps it in history.state.usr) and the
 * Create Post screen shows it, as text or as the starting content of a field.
 */
async function expectPromptOnCreatePost(page: Page, prompt: string) {
  await expect(page).toHaveURL(/\/create-post(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
  expect(
    await page.evaluate(() => (window.history.state as { usr?: { aiPrompt?: string } }).usr?.aiPrompt),
  ).toBe(prompt);
  await expect
    .poll(() =>
      page.getByRole('main').evaluate((main, text) => {
        const fields = [...main.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
        return (main.textContent ?? '').includes(text) || fields.some((field) => field.value.includes(text));
      }, prompt),
    )
    .toBe(true);
}

test.describe('home', () => {
  test('shows the headline, the assistant with its three columns and the four networks', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Supercharge your social media with an AI-powered tool' }),
    ).toBeVisible();
    const assistant = page.getByRole('region', { name: 'AI Content Assistant' });
    for (const column of ['Examples', 'Capabilities', 'Limitations']) {
      await expect(assistant.getByRole('heading', { name: column })).toBeVisible();
    }
    const networks = page.getByRole('region', { name: 'Supported networks' });
    for (const name of ['Instagram', 'Twitter', 'Facebook', 'YouTube']) {
      await expect(networks.getByRole('img', { name })).toBeVisible();
    }
  });

  test('Generate does nothing while the prompt is empty or blank', async ({ page }) => {
    await page.goto('/');
    const before = await historyLength(page);
    const generate = page.getByRole('button', { name: 'Generate' });

    await generate.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel(PROMPT_LABEL)).toBeFocused();

    await page.getByLabel(PROMPT_LABEL).fill('    ');
    await generate.click();
    await page.getByLabel(PROMPT_LABEL).press('Enter');
    await expect(page).toHaveURL(/\/$/);
    expect(await historyLength(page)).toBe(before);
    await expect(page.getByRole('heading', { name: 'Create Post' })).toHaveCount(0);
  });

  test('a signed-in user goes straight to Create Post with the prompt', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/');
    await page.getByLabel(PROMPT_LABEL).fill('A thread about our open-source launch');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expectPromptOnCreatePost(page, 'A thread about our open-source launch');
  });

  test('a signed-out visitor signs in first and still arrives with the prompt', async ({ page }) => {
    const account = await createAccount(page, 'Hedy Lamarr');
    await page.goto('/');
    await page.getByLabel(PROMPT_LABEL).fill('Three captions for our spring sale');
    await page.getByLabel(PROMPT_LABEL).press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughUi(page, account.email, account.password);
    await expectPromptOnCreatePost(page, 'Three captions for our spring sale');
  });
});

test.describe('pricing', () => {
  const PRICES = [
    { plan: 'Standard', monthly: '$29', annual: '$290' },
    { plan: 'Premium', monthly: '$39', annual: '$390' },
    { plan: 'Entrepreneur', monthly: '$69', annual: '$690' },
  ];

  test('the toggle starts on Monthly and switches every price', async ({ page }) => {
    await page.goto('/pricing');
    const monthly = page.getByRole('button', { name: 'Monthly' });
    const annual = page.getByRole('button', { name: 'Annual' });
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    await expect(annual).toHaveAttribute('aria-pressed', 'false');
    for (const { plan, monthly: price, annual: other } of PRICES) {
      const card = page.getByRole('article', { name: plan });
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByText(other, { exact: true })).toHaveCount(0);
      await expect(card.getByText('/month')).toBeVisible();
    }

    await annual.click();
    await expect(annual).toHaveAttribute('aria-pressed', 'true');
    for (const { plan, monthly: other, annual: price } of PRICES) {
      const card = page.getByRole('article', { name: plan });
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByText(other, { exact: true })).toHaveCount(0);
      await expect(card.getByText('/year')).toBeVisible();
    }

    await monthly.click();
    for (const { plan, monthly: price } of PRICES) {
      await expect(page.getByRole('article', { name: plan }).getByText(price, { exact: true })).toBeVisible();
    }
  });

  test('shows the limits of each plan, POPULAR on Premium and the free trial', async ({ page }) => {
    await page.goto('/pricing');
    const premium = page.getByRole('article', { name: 'Premium' });
    await expect(premium.getByText('POPULAR')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Standard' }).getByText('POPULAR')).toHaveCount(0);
    await expect(premium.getByText('Up to 42')).toBeVisible();
    await expect(premium.getByText('500 MB')).toBeVisible();
    await expect(premium.getByText('5 MB', { exact: true })).toBeVisible();
    await expect(premium.getByText('AI content and image generation')).toBeVisible();
    await expect(page.getByText('14-day free trial').first()).toBeVisible();
  });

  test('Get started carries the chosen plan to sign-up', async ({ page }) => {
    await page.goto('/pricing');
    await page
      .getByRole('article', { name: 'Premium' })
      .getByRole('link', { name: /^Get started/ })
      .click();
    await expect(page).toHaveURL(/\/signup\?plan=premium$/);
    const chosen = page.getByRole('region', { name: 'Chosen plan' });
    await expect(chosen).toContainText('Premium plan');
    await expect(chosen).toContainText('$39 per month');

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Annual' }).click();
    await page
      .getByRole('article', { name: 'Entrepreneur' })
      .getByRole('link', { name: /^Get started/ })
      .click();
    await expect(page).toHaveURL(/\/signup\?plan=entrepreneur&billing=annual$/);
    await expect(page.getByRole('region', { name: 'Chosen plan' })).toContainText('$690 per year');
  });
});

// The e2e server bills through (a fake of) Stripe: the plan picked on the pricing page is bought at Checkout
// (billing.spec.ts), not granted at sign-up (docs/decisions/0046-stripe-billing.md).
test('signing up from a plan starts the free trial, the plan to be bought at Checkout', async ({ page }) => {
  const email = uniqueEmail('plan');
  await page.goto('/signup?plan=entrepreneur');
  await page.getByLabel('Full name').fill('Ada Planner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('analytical-engine');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, email, 'analytical-engine');
  await expect(page).toHaveURL(/\/dashboard$/);
  const workspace = await page.request.get('/api/workspaces/current');
  expect(await workspace.json()).toMatchObject({ plan: null, effectivePlan: 'standard', isTrial: true });
});

test.describe('FAQ', () => {
  test('opens one answer at a time and closes the open one on a second click', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.getByRole('main').getByRole('button');
    await expect(questions).toHaveCount(10);
    const first = page.getByRole('button', { name: 'What is Relaycast?' });
    const second = page.getByRole('button', { name: 'How does the free trial work?' });

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'What is Relaycast?' })).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'What is Relaycast?' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'How does the free trial work?' })).toContainText(
      'You do not need a payment card',
    );

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const question = page.getByRole('button', { name: 'Can I host Relaycast on my own server?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('button', { name: 'How does the AI Content Assistant write posts?' }),
    ).toHaveAttribute('aria-expanded', 'true');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  test('Contact Support opens the contact page', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe('blog', () => {
  test('lists one featured post and three more, each with category, author and date', async ({ page }) => {
    await page.goto('/blog');
    const featured = page.getByRole('region', { name: 'Featured post' }).getByRole('article');
    await expect(featured).toHaveCount(1);
    const latest = page.getByRole('region', { name: 'Latest posts' }).getByRole('article');
    await expect(latest).toHaveCount(3);
    for (const post of [featured, ...(await latest.all())]) {
      await expect(post.getByRole('heading', { level: 2 })).toBeVisible();
      await expect(post.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
      await expect(post.getByText(/min read/)).toBeVisible();
    }
  });

  test('each post opens its own page rendered from Markdown', async ({ page }) => {
    await page.goto('/blog');
    const headings = page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 });
    // The page is loaded on demand: wait for it to render before reading its headings.
    await expect(headings.first()).toBeVisible();
    const titles = await headings.allTextContents();
    expect(titles).toHaveLength(4);
    for (const title of titles) {
      await page.goto('/blog');
      await page.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Relaycast`);
      // Markdown headings become real headings inside the article.
      await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
  });

  test('Markdown links to our own pages stay in the app', async ({ page }) => {
    await page.goto('/blog/self-host-relaycast-in-ten-minutes');
    await expect(page.getByRole('heading', { level: 2, name: 'Start it' })).toBeVisible();
    await expect(page.getByRole('article').locator('pre code')).toContainText('npm start');
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await page.getByRole('link', { name: 'tell us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });
});

test('every public page has its own title and description', async ({ page }) => {
  const pages = ['/', '/features', '/pricing', '/about', '/blog', '/faq', '/contact', '/login', '/signup'];
  const seen = new Map<string, string>();
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(title, path).toMatch(/Relaycast/);
    expect(description?.length ?? 0, path).toBeGreaterThan(30);
    expect(seen.get(title), `${path} reuses the title of ${seen.get(title)}`).toBeUndefined();
    seen.set(title, path);
  }
});

test('the About page tells the story, the team and the recognition, and claims nothing untrue', async ({
  page,
}) => {
  await page.goto('/about');
  const impact = page.getByRole('region', { name: 'One workspace for every network you post to' });
  // Counted from the code: nine networks, eight kinds of live destination, four languages.
  await expect(impact.getByRole('definition')).toHaveText(['9', '8', '4', '100%']);
  await expect(page.getByRole('heading', { name: 'Started in 2026, built in the open' })).toBeVisible();
  const team = page.getByRole('region', { name: 'Who makes Relaycast' }).getByRole('listitem');
  await expect(team).toHaveCount(3);
  await expect(page.locator('main')).not.toContainText(/countries|2023|Co-founder/);
  const recognition = page
    .getByRole('region', { name: 'What people notice about Relaycast' })
    .getByRole('listitem');
  await expect(recognition).toHaveCount(4);
});
