import { expect, test } from '@playwright/test';
import { adminToken, createAttendant, signedIn, uniqueTag } from './attendance';
import { shot, USERS } from './helpers';

test("a super admin toggles a plugin's own plan flag: the tenant gains and loses its menu entry and routes live", async ({
  browser,
  request,
}) => {
  // Two browsers and four dialog round trips: slow on the shared 2-core machine.
  test.setTimeout(120_000);
  // A plan with the tour's plugin flag (useIntegration) but not the flag the tour declares (useTour), and a tenant on it.
  const token = await adminToken(request);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const tag = uniqueTag();
  const planName = `Plano Tour ${tag}`;
  const plan = await request.post('/api/plans', {
    headers: auth(token),
    data: { name: planName, users: 5, useIntegration: true },
  });
  expect(plan.status()).toBe(201);
  const tenantAdmin = { email: `admin.${tag}@tour.test`, password: 'tour-pass' };
  const company = await request.post('/api/companies', {
    headers: auth(token),
    data: {
      name: `Loja Tour ${tag}`,
      planId: (await plan.json()).id,
      status: true,
      dueDate: '2999-01-01',
      ...tenantAdmin,
    },
  });
  expect(company.status()).toBe(201);
  // The tenant's admin works through the API; one of its attendants uses the browser (a login ends other sessions).
  const login = await request.post('/api/auth/login', { data: tenantAdmin });
  expect(login.ok()).toBe(true);
  const tenantToken = (await login.json()).token as string;
  const attendant = await createAttendant(request, tenantToken);
  const flaggedRoute = async () =>
    (await request.get('/api/tour/plan-flags', { headers: auth(tenantToken) })).status();

  const tenant = await signedIn(browser, attendant);
  await expect(tenant.page.getByTestId('menu-/tickets')).toBeVisible();
  await expect(tenant.page.getByTestId('menu-/tour')).toHaveCount(0);
  expect(await flaggedRoute()).toBe(403);

  const admin = await signedIn(browser, USERS.admin);
  const toggleTourFlag = async () => {
    await admin.page.goto('/settings/plans');
    await admin.page
      .getByTestId('plans-table')
      .locator('tr', { hasText: planName })
      .getByRole('button')
      .first()
      .click();
    // The tour's flag, in its own group, labelled from the tour's locales in the admin's language.
    const group = admin.page.getByTestId('plan-flags-tour');
    await expect(group).toContainText('Tour da plataforma');
    await group.getByTestId('plan-flag-useTour').locator('xpath=..').click();
    await shot(admin.page, 'plan-flags-dialog-light-wide');
    await admin.page.getByTestId('plan-save').click();
    await expect(admin.page.getByTestId('plan-save')).toHaveCount(0);
  };

  await toggleTourFlag();
  // The tenant's screen follows the plan at once: the menu entry appears, its page opens, the routes answer.
  await tenant.page.getByTestId('menu-/tour').click();
  await expect(tenant.page).toHaveURL(/\/tour$/);
  await expect(tenant.page.getByTestId('tour-page')).toContainText('Tour da plataforma');
  expect(await flaggedRoute()).toBe(200);

  await toggleTourFlag();
  await expect(tenant.page.getByTestId('menu-/tour')).toHaveCount(0);
  expect(await flaggedRoute()).toBe(403);

  await tenant.context.close();
  await admin.context.close();
});
