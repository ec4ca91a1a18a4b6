import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/e2e-env';
import { blockTiles, expectPlaced } from './support/map';
import { open } from './support/navigation';
import { withSettings } from './support/operator';

// The real widget (2GIS FloorsJS) cannot be reached offline, so it is untestable here: these journeys check
// how the site addresses it (through a stand-in script) and that the ordinary map replaces it when it fails.
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: E2E.mutableUrl });
test.beforeEach(({ page }) => blockTiles(page));

const COMPLEX = '70030076000000001';
const withComplex = (work: () => Promise<void>) => withSettings((s) => ({ ...s, complexId: COMPLEX }), work);

/** A stand-in loader: `DG.FloorsWidget.init` writes the options it was given into its container. */
async function fakeWidget(page: Page) {
  await page.route(E2E.floorsWidgetUrl, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.DG = { FloorsWidget: { init(o) {
        const p = document.createElement('pre'); p.className = 'fake-floors';
        p.textContent = JSON.stringify({ width: o.width, height: o.height, initData: o.initData });
        o.container.append(p);
      } } };`,
    }),
  );
}

test('with complexId set, the floors widget is drawn at zoom 18, 600 px high', async ({ page }) => {
  await fakeWidget(page);
  await withComplex(async () => {
    await open(page, '/map');
    const widget = page.getByRole('region', { name: 'Карта магазинов' });
    await expect(widget).toHaveClass(/floors-widget/);
    expect((await widget.boundingBox())?.height).toBeCloseTo(600, 0);
    const options = JSON.parse((await page.locator('.fake-floors').textContent()) ?? '{}') as unknown;
    expect(options).toEqual({
      width: '100%',
      height: '600px',
      initData: { complexId: COMPLEX, options: { locale: 'ru_RU', initialZoom: 18 } },
    });
  });
});

test('a single point opens its firm at zoom 19', async ({ page }) => {
  await fakeWidget(page);
  await withComplex(async () => {
    await open(page, '/map/3');
    const options = JSON.parse((await page.locator('.fake-floors').textContent()) ?? '{}') as {
      initData: unknown;
    };
    expect(options.initData).toEqual({
      complexId: COMPLEX,
      options: { locale: 'ru_RU', initialZoom: 19, initialFirm: '2' },
    });
  });
});

test('when the widget’s script cannot load, the ordinary map takes its place', async ({ page }) => {
  await page.route(E2E.floorsWidgetUrl, (route) => route.abort('internetdisconnected'));
  await withComplex(async () => {
    await open(page, '/points');
    await expect(page.locator('.floors-widget')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Магазины на карте' })).toHaveClass(/point-map/);
    await expectPlaced(page, 12);
  });
});

test('without complexId the ordinary map shows and the widget’s script is never asked for', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => r.url() === E2E.floorsWidgetUrl && asked.push(r.url()));
  await withSettings(
    (s) => ({ ...s, complexId: null }),
    async () => {
      await open(page, '/map');
      await expectPlaced(page, 12);
    },
  );
  expect(asked).toEqual([]);
});
