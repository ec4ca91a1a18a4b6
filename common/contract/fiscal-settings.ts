import { VAT_RATES } from '../lib/catalogue-vocabulary';
import { FFD_VERSIONS, FISCAL_MODES, isValidInn, TAX_SYSTEMS } from '../lib/fiscal-vocabulary';
import * as z from './z';

/**
 * The brand's legal details for 54-FZ receipts (decision 070). `till` (the default) needs none of them: the
 * shop's register prints the receipt. Any other mode is refused until every detail is set and the INN's
 * check digits hold, so fiscalisation cannot be switched on with a receipt the provider would refuse. That the
 * `gateway` mode also has a bank gateway that takes a cart is the server's to check (decision 080): the contract
 * does not know the deployment's acquirer.
 */
export const fiscalSettingsSchema = z
  .strictObject({
    mode: z.enum(FISCAL_MODES).default('till'),
    inn: z
      .string()
      .regex(/^(\d{10}|\d{12})?$/, 'ИНН: 10 цифр у организации или 12 у предпринимателя')
      .default(''),
    taxSystem: z.enum(TAX_SYSTEMS).default('osn'),
    defaultVat: z.enum(VAT_RATES).default('VAT20'),
    sellerEmail: z.union([z.literal(''), z.string().email('Адрес почты продавца').max(120)]).default(''),
    /** Tag 1187: for a sale on the site, the site's address. */
    paymentAddress: z.string().max(256).default(''),
    /** The FFD version of the brand's receipts (decision 080): how the gateway's cart states a line's measure. */
    ffdVersion: z.enum(FFD_VERSIONS).default('1.2'),
  })
  .superRefine((fiscal, ctx) => {
    if (fiscal.mode === 'till') return;
    if (!isValidInn(fiscal.inn)) {
      ctx.addIssue({ code: 'custom', path: ['inn'], message: 'ИНН: контрольные цифры не сходятся' });
    }
    if (!fiscal.sellerEmail) {
      ctx.addIssue({ code: 'custom', path: ['sellerEmail'], message: 'Укажите почту продавца для чеков' });
    }
    if (!fiscal.paymentAddress.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentAddress'],
        message: 'Укажите место расчётов: адрес сайта',
      });
    }
  });

export type FiscalSettings = z.output<typeof fiscalSettingsSchema>;
