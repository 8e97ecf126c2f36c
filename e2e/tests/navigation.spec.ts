import { expect, test } from '@playwright/test';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '@relaycast/shared/routes';
import { signInAsNewUser } from './session';

const TOP_BAR = [
  { name: 'Home', path: '/', heading: 'Supercharge your social media with an AI-powered tool' },
  { name: 'Features', path: '/features', heading: 'Everything you need to grow on social' },
  { name: 'Pricing', path: '/pricing', heading: 'Simple plans that grow with you' },
  { name: 'About', path: '/about', heading: 'Social media tools that belong to the people who use them' },
  { name: 'Blog', path: '/blog', heading: 'Notes from the Relaycast team' },
  { name: 'FAQ', path: '/faq', heading: 'Frequently asked questions' },
] as const;

test.describe('public top bar', () => {
  test('every link lands on its page and is marked as the current one', async ({ page }) => {
    await page.goto('/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of TOP_BAR) {
      await nav.getByRole('link', { name: item.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.path === '/' ? '/' : item.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: item.heading })).toBeVisible();
      await expect(nav.getByRole('link', { name: item.name, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('Log in and Get Started lead to the login and sign-up pages', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await header.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('on a phone the links sit behind a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page
      .getByRole('navigation', { name: 'Main mobile' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('navigation', { name: 'Main mobile' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('the footer links reach the contact page and the rest of the site', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Footer company' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Talk to the Relaycast team' })).toBeVisible();
  });
});

// Screens built by later issues only promise an h1 here, so these tests hold while they land.
const SIDEBAR = [
  { name: 'Dashboard', path: '/dashboard', heading: /^Welcome(?: back)?, / },
  { name: 'Features', path: '/features', heading: 'Features' },
  { name: 'Media Tools', path: '/media-tools', heading: 'Media Tools' },
  { name: 'Calendar', path: '/calendar', heading: undefined },
  { name: 'Analytics', path: '/analytics', heading: undefined },
  { name: 'Links', path: '/links', heading: 'Links' },
  { name: 'Engagement', path: '/engagement', heading: undefined },
  { name: 'Settings', path: '/settings', heading: undefined },
] as const;

test.describe('signed-in app shell', () => {
  test('the header offers the dashboard and sign-out instead of log in and sign-up', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    await header.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('every sidebar link lands on its page and is highlighted', async ({ page }) => {
    const user = await signInAsNewUser(page, 'Katherine Johnson');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'App', exact: true });
    for (const item of SIDEBAR) {
      await sidebar.getByRole('link', { name: item.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.path}$`));
      await expect(
        page.getByRole('heading', { level: 1, ...(item.heading ? { name: item.heading } : {}) }),
      ).toBeVisible();
      await expect(sidebar.getByRole('link', { name: item.name, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('on a phone the sidebar collapses into a menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNewUser(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'App', exact: true })).toBeHidden();
    // One menu button on a phone: the app's links and the site's share it (no second menu stacked under it).
    await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main mobile' })).toBeVisible();
    // Each place once: Features and Dashboard are the app's links, not listed again by the site's menu.
    const menu = page.locator('#mobile-nav');
    for (const name of ['Features', 'Dashboard', 'Media Tools', 'Pricing']) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(1);
    }
    await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'App mobile' })
      .getByRole('link', { name: 'Media Tools' })
      .click();
    await expect(page).toHaveURL(/\/media-tools$/);
    await expect(page.getByRole('navigation', { name: 'App mobile' })).toBeHidden();
  });

  test('the dashboard cards and panels open their screens', async ({ page }) => {
    // Twelve page loads, each back through the dashboard: more than 30 s when the machine is loaded.
    test.setTimeout(150_000);
    await signInAsNewUser(page);
    const main = page.getByRole('main');
    const targets = [
      { section: 'Quick actions', link: 'Create Post', path: '/post-composer' },
      { section: 'Quick actions', link: 'Go Live', path: '/streaming' },
      { section: 'Quick actions', link: 'Analytics', path: '/analytics' },
      { section: 'Quick actions', link: 'Calendar', path: '/calendar' },
      { section: 'Content Management', link: 'Post Composer', path: '/post-composer' },
      { section: 'Content Management', link: 'Content Calendar', path: '/calendar' },
      { section: 'Content Management', link: 'Media Library', path: '/media-library' },
      { section: 'Content Management', link: 'Drafts', path: '/drafts' },
      { section: 'Live Streaming', link: 'Stream Manager', path: '/streaming' },
      { section: 'Live Streaming', link: 'Stream Settings', path: '/stream-settings' },
      { section: 'Live Streaming', link: 'Stream Analytics', path: '/stream-analytics' },
      { section: 'Live Streaming', link: 'Schedule Stream', path: '/schedule-stream' },
    ];
    for (const target of targets) {
      await page.goto('/dashboard');
      await main
        .getByRole('region', { name: target.section })
        .getByRole('link', { name: target.link })
        .click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('a screen that is not built yet says what is coming and leads back', async ({ page }) => {
    await signInAsNewUser(page);
    // Whichever protected screens still wait for their issue: each one must say so and offer a way back.
    for (const path of [
      '/calendar',
      '/analytics',
      '/settings',
      '/engagement',
      '/streaming',
      '/video-editor',
    ]) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      if (!(await heading.textContent())?.endsWith('is on its way')) continue;
      const back = page.getByRole('main').getByRole('link', { name: /^Back to / });
      await expect(back).toBeVisible();
      await back.click();
      await expect(page).toHaveURL(/\/(dashboard|media-tools)$/);
    }
  });

  test('Features: each Try Now opens its tool', async ({ page }) => {
    await signInAsNewUser(page);
    const targets = [
      { card: 'AI Content Creation', path: '/create-post' },
      { card: 'Smart Scheduling', path: '/calendar' },
      { card: 'Analytics', path: '/analytics' },
      { card: 'Auto-Posting', path: '/dashboard' },
      { card: 'Cross-Platform', path: '/media-tools' },
    ];
    for (const target of targets) {
      await page.goto('/features');
      await page
        .getByRole('article', { name: target.card })
        .getByRole('link', { name: /^Try Now/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('Media Tools: each card opens its tool', async ({ page }) => {
    await signInAsNewUser(page);
    const targets = [
      { link: 'Open Live Streaming', path: '/streaming' },
      { link: 'Open Video Editor', path: '/video-editor' },
      { link: 'Open Clip Generator', path: '/clip-generator' },
    ];
    for (const target of targets) {
      await page.goto('/media-tools');
      await page.getByRole('main').getByRole('link', { name: target.link }).click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});

test.describe('signed-out visitors', () => {
  test('Try Now on a protected tool goes through login', async ({ page }) => {
    await page.goto('/features');
    await page
      .getByRole('article', { name: 'Smart Scheduling' })
      .getByRole('link', { name: /^Try Now/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('every screen a button points to resolves, protected ones behind the guard', async ({ page }) => {
    for (const path of [
      '/post-composer',
      '/media-library',
      '/drafts',
      '/stream-settings',
      '/stream-analytics',
      '/schedule-stream',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    for (const path of ['/contact', '/forgot-password']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});

test.describe('unknown routes', () => {
  test('show the error screen with the path and a way home, with status 404', async ({ page }) => {
    const response = await page.request.get('/no-such-page');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');

    await page.goto('/no-such-page');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByText('/no-such-page')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a blog address without a post shows the same screen', async ({ page }) => {
    await page.goto('/blog/no-such-post');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByText('/blog/no-such-post')).toBeVisible();
  });

  test('the server answers 404 for unknown API paths and 200 for app pages', async ({ page }) => {
    expect((await page.request.get('/api/no-such-endpoint')).status()).toBe(404);
    for (const path of ['/', '/features', '/blog/self-host-relaycast-in-ten-minutes', '/dashboard']) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
  });
});

test('the public pages do not download the signed-in app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
  });
  for (const path of ['/', '/features', '/pricing', '/about', '/blog', '/faq', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((script) => /\/(app-layout|dashboard|media-tools|coming-soon|create-post)-/.test(script)),
  ).toEqual([]);
});

/** Horizontal overflow: how much wider than the viewport the document is, and the widest culprits. */
async function overflowOf(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const width = document.documentElement.scrollWidth;
    const isWide = (element: Element) => element.getBoundingClientRect().right > viewport + 1;
    // The innermost elements that stick out: their parents stick out only because of them.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => isWide(element) && ![...element.children].some(isWide))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { width, viewport, culprits };
  });
}

const PAGE_ROUTES = [
  ...PUBLIC_ROUTES,
  '/blog/self-host-relaycast-in-ten-minutes',
  ...PROTECTED_ROUTES,
] as const;

test.describe('no page is wider than the screen, and every select is the shared one', () => {
  for (const width of [1440, 390]) {
    test(`every route at ${width} px`, async ({ page }) => {
      // Some 40 page loads (the /analytics charts and heatmap among them): 35–96 s on the 2-core CI machine.
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await signInAsNewUser(page);
      const problems: string[] = [];
      for (const path of PAGE_ROUTES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const overflow = await overflowOf(page);
        // Every select is the shared one (components/ui/select-field.tsx), never a plain browser select.
        const plainSelects = await page.locator('select:not([data-slot="select"])').count();
        if (plainSelects > 0) problems.push(`${path} has ${plainSelects} plain <select>`);
        if (overflow.width > overflow.viewport) {
          problems.push(`${path} is ${overflow.width} px wide: ${overflow.culprits.join(' | ')}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
