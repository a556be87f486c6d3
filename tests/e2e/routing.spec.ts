// Route table behaviour (spec section 2): the /registration alias keeps its
// query, unknown paths get the 404 page, every listed route is a known page.
import { expect, test } from '@playwright/test';

const notFoundText = 'Oops! Page not found';

test.describe('not-found page', () => {
  for (const path of ['/this-page-does-not-exist', '/events/2025/unknown', '/terms/extra']) {
    test(`${path} shows the 404 page with a link home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
      await expect(page.getByText(notFoundText)).toBeVisible();

      const home = page.getByRole('link', { name: 'Return to Home' });
      await expect(home).toHaveAttribute('href', '/');
      await home.click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByText(notFoundText)).toHaveCount(0);
    });
  }
});

test.describe('/registration', () => {
  test('redirects to /register keeping the tracking query', async ({ page }) => {
    await page.goto('/registration?utm_source=x');
    await expect(page).toHaveURL((url) => url.pathname === '/register' && url.search === '?utm_source=x');
  });

  test('keeps every query parameter', async ({ page }) => {
    await page.goto('/registration?utm_source=linkedin&utm_medium=social');
    await expect(page).toHaveURL((url) => url.pathname === '/register');
    const params = new URL(page.url()).searchParams;
    expect(params.get('utm_source')).toBe('linkedin');
    expect(params.get('utm_medium')).toBe('social');
  });

  test('redirects without a query too, replacing the history entry', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.goto('/registration');
    await expect(page).toHaveURL((url) => url.pathname === '/register' && url.search === '');
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/privacy-policy');
  });
});

test.describe('known routes are not 404', () => {
  const knownPaths = ['/', '/register', '/register?waitlist=true', '/auth', '/reset-password', '/dashboard', '/dashboard/profile', '/admin', '/admin/attendees', '/privacy-policy', '/terms', '/contact'];
  for (const path of knownPaths) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByText(notFoundText)).toHaveCount(0);
    });
  }
});
