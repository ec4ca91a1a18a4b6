import { randomBytes, randomUUID } from 'node:crypto';
import {
  cartOf,
  checkOrderBundle,
  checkRefundItems,
  type CartRefusal,
} from '../integrations/acquirer/rbs-bundle-check';
import { MERCHANT_PAGE, RBS_ACTION_CODES, type RbsFakeOrder, type RbsFakeState } from './rbs-fake-state';

/** The fake gateway's REST methods (`/payment/rest/<method>`), each taking the form's parameters. */
export function rbsFakeApi(state: RbsFakeState): Record<string, (params: Record<string, string>) => object> {
  const { orders, bindings, bindingFailures, at, findByNumber, errorOf, lookup } = state;
  const refused = (refusal: CartRefusal) => errorOf(refusal.errorCode, refusal.errorMessage);
  return {
    'register.do': (p) => {
      const amount = Number(p.amount);
      const features = (p.features ?? '').split(/[;,]/).filter(Boolean);
      // VERIFY checks the card without money: the amount may be 0, and only then.
      const verify = features.includes('VERIFY');
      if (!p.orderNumber || p.orderNumber.length > 32) return errorOf(1, 'Неверный номер заказа');
      if (!Number.isSafeInteger(amount) || amount < 0 || (amount === 0 && !verify))
        return errorOf(4, 'Сумма заказа не может быть пустой');
      if (p.clientId !== undefined && (p.clientId === '' || p.clientId.length > 255))
        return errorOf(4, 'Неверный clientId');
      if (!p.returnUrl) return errorOf(4, 'URL возврата не может быть пустым');
      if (p.currency && p.currency !== '643') return errorOf(7, 'Неверная валюта');
      if (findByNumber(p.orderNumber)) return errorOf(1, 'Заказ с таким номером уже обработан');
      // A cart (the gateway's receipt, decision 080) is checked as the bank checks it: it must add up.
      const badCart =
        p.orderBundle === undefined ? null : checkOrderBundle(p.orderBundle, p.taxSystem, amount);
      if (badCart) return refused(badCart);
      const order: RbsFakeOrder = {
        orderId: randomUUID(),
        orderNumber: p.orderNumber,
        amount,
        refunded: 0,
        currency: '643',
        description: p.description ?? '',
        returnUrl: p.returnUrl,
        failUrl: p.failUrl ?? p.returnUrl,
        clientId: p.clientId ?? null,
        orderStatus: 0,
        actionCode: 0,
        actionCodeDescription: '',
        qrId: null,
        features,
        bindingId: null,
        maskedPan: null,
        expiration: null,
        orderBundle: p.orderBundle ?? null,
        taxSystem: p.taxSystem ?? null,
        refunds: [],
      };
      orders.set(order.orderId, order);
      return { orderId: order.orderId, formUrl: `${at.origin}${MERCHANT_PAGE}?mdOrder=${order.orderId}` };
    },
    'getOrderStatusExtended.do': (p) => {
      if (!p.orderId && !p.orderNumber) return errorOf(6, 'Заказ не найден');
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      return {
        errorCode: '0',
        errorMessage: 'Успешно',
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus,
        actionCode: order.actionCode,
        actionCodeDescription: order.actionCodeDescription,
        amount: order.amount,
        currency: order.currency,
        orderDescription: order.description,
        attributes: [{ name: 'mdOrder', value: order.orderId }],
        ...(order.clientId
          ? {
              bindingInfo: {
                clientId: order.clientId,
                ...(order.bindingId ? { bindingId: order.bindingId } : {}),
              },
            }
          : {}),
        ...(order.maskedPan
          ? {
              cardAuthInfo: {
                maskedPan: order.maskedPan,
                expiration: order.expiration,
                cardholderName: 'CARDHOLDER NAME',
                approvalCode: '123456',
                pan: order.maskedPan,
              },
            }
          : {}),
        paymentAmountInfo: {
          paymentState: ['CREATED', 'APPROVED', 'DEPOSITED', 'REVERSED', 'REFUNDED', 'CREATED', 'DECLINED'][
            order.orderStatus
          ],
          approvedAmount: order.orderStatus === 1 ? order.amount : 0,
          depositedAmount: order.orderStatus === 2 || order.orderStatus === 4 ? order.amount : 0,
          refundedAmount: order.refunded,
        },
      };
    },
    'decline.do': (p) => {
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      if (order.orderStatus !== 0 && order.orderStatus !== 5) return errorOf(7, 'Неверное состояние заказа');
      order.orderStatus = 3;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'reverse.do': (p) => {
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      // Like the real gateway: a pre-authorised or a deposited (same-day) payment can be reversed.
      if (order.orderStatus !== 1 && order.orderStatus !== 2) return errorOf(7, 'Операция невозможна');
      order.orderStatus = 3;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'refund.do': (p) => {
      const order = lookup(p);
      if (!order) return errorOf(6, 'Заказ не найден');
      const amount = Number(p.amount);
      if (order.orderStatus !== 2 && order.orderStatus !== 4)
        return errorOf(7, 'Платёж должен быть в корректном состоянии');
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > order.amount - order.refunded) {
        return errorOf(7, 'Неверная сумма возврата');
      }
      // An order with a cart: a partial refund must name its positions, and any positions named must be the
      // order's and add up to the amount (the gateway's fiscal partner issues the refund receipt from them).
      const whole = order.refunded === 0 && amount === order.amount;
      if (order.orderBundle !== null && p.refundItems === undefined && !whole)
        return errorOf(4, 'Для частичного возврата по заказу с корзиной передайте refundItems');
      if (p.refundItems !== undefined) {
        const earlier = order.refunds.flatMap((done) => (done.refundItems ? [done.refundItems] : []));
        const cart = cartOf(order.orderBundle ?? undefined);
        const badRefund = checkRefundItems(p.refundItems, amount, cart, earlier);
        if (badRefund) return refused(badRefund);
      }
      order.refunds.push({ amount, refundItems: p.refundItems ?? null });
      order.refunded += amount;
      order.orderStatus = 4;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'getBindings.do': (p) => {
      if (!p.clientId) return errorOf(1, 'Не указан clientId');
      const thisMonth = new Date().toISOString().slice(0, 7).replace('-', '');
      const listed = [...bindings.values()].filter(
        (b) =>
          b.clientId === p.clientId && b.active && (p.showExpired === 'true' || b.expiryDate >= thisMonth),
      );
      if (listed.length === 0) return errorOf(2, 'Информация не найдена');
      return {
        errorCode: '0',
        errorMessage: 'Успешно',
        bindings: listed.map((b) => ({
          bindingId: b.bindingId,
          maskedPan: b.maskedPan,
          expiryDate: b.expiryDate,
          clientId: b.clientId,
        })),
      };
    },
    'paymentOrderBinding.do': (p) => {
      const order = p.mdOrder ? orders.get(p.mdOrder) : undefined;
      if (!order) return errorOf(6, 'Заказ не найден');
      const binding = p.bindingId ? bindings.get(p.bindingId) : undefined;
      if (!binding || !binding.active) return errorOf(2, 'Связка не найдена');
      // The gateway charges a binding only on an order of the same client.
      if (order.clientId !== binding.clientId) return errorOf(2, 'Связка не принадлежит клиенту заказа');
      if (order.orderStatus !== 0) return errorOf(7, 'Неверное состояние заказа');
      Object.assign(order, {
        bindingId: binding.bindingId,
        maskedPan: binding.maskedPan,
        expiration: binding.expiryDate,
      });
      const failure = bindingFailures.get(binding.bindingId);
      if (failure === 'silent') return { httpStatus: 502 };
      if (failure === '3ds') {
        order.orderStatus = 5;
        return {
          errorCode: '0',
          acsUrl: `${at.origin}/acs`,
          paReq: randomBytes(8).toString('hex'),
          termUrl: order.returnUrl,
        };
      }
      if (failure !== undefined) {
        Object.assign(order, {
          orderStatus: 6,
          actionCode: failure,
          actionCodeDescription: RBS_ACTION_CODES[failure] ?? 'Операция отклонена',
        });
        return errorOf(2, 'Заказ отклонен по причине ошибки в реквизитах платежа');
      }
      Object.assign(order, { orderStatus: 2, actionCode: 0, actionCodeDescription: '' });
      return {
        errorCode: '0',
        redirect: `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}orderId=${order.orderId}`,
        info: 'Ваш платёж обработан, происходит переадресация...',
      };
    },
    'unBindCard.do': (p) => {
      const binding = p.bindingId ? bindings.get(p.bindingId) : undefined;
      if (!binding) return errorOf(2, 'Связка не найдена');
      if (!binding.active) return errorOf(2, 'Неверное состояние связки');
      binding.active = false;
      return { errorCode: '0', errorMessage: 'Успешно' };
    },
    'sbp/c2b/qr/dynamic/get.do': (p) => {
      const order = p.mdOrder ? orders.get(p.mdOrder) : undefined;
      if (!order) return errorOf(6, 'Заказ не найден');
      if (order.orderStatus !== 0) return errorOf(7, 'Неверное состояние заказа');
      order.qrId ??= randomBytes(16).toString('hex').toUpperCase();
      return {
        errorCode: 0,
        qrId: order.qrId,
        qrStatus: 'STARTED',
        payload: `https://qr.nspk.ru/${order.qrId}?type=02&bank=100000000111&sum=${order.amount}&cur=RUB&crc=0000`,
        renderedQr: Buffer.from('not a real QR image').toString('base64'),
      };
    },
  };
}
