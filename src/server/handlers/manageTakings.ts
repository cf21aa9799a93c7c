import type { components } from '../../api/schema.gen';
import { penceToPounds } from '../../domain/money';
import { takingsCsv, type Takings, type TakingsRange, type TakingsTotal } from '../domain/takings';
import { takingsIn } from '../services/takings';
import type { HandlerMap } from './handlerTypes';

type TakingsAnswer = components['schemas']['Takings'];

const poundsOfTotal = (total: TakingsTotal) => ({
  orders: total.orders,
  itemTotal: penceToPounds(total.itemTotalPence),
  discount: penceToPounds(total.discountPence),
  delivery: penceToPounds(total.deliveryPence),
  bag: penceToPounds(total.bagPence),
  total: penceToPounds(total.totalPence),
});

function answerOf(range: TakingsRange, takings: Takings): TakingsAnswer {
  return {
    ...range,
    orders: takings.orders.map(({ itemTotalPence, discountPence, deliveryPence, bagPence, totalPence, ...order }) => ({
      ...order,
      itemTotal: penceToPounds(itemTotalPence),
      discount: penceToPounds(discountPence),
      delivery: penceToPounds(deliveryPence),
      bag: penceToPounds(bagPence),
      total: penceToPounds(totalPence),
    })),
    totals: poundsOfTotal(takings.totals),
    byPayment: takings.byPayment.map(({ totalPence, ...group }) => ({ ...group, total: penceToPounds(totalPence) })),
    byChannel: takings.byChannel.map(({ totalPence, ...group }) => ({ ...group, total: penceToPounds(totalPence) })),
    byOrderType: takings.byOrderType.map(({ totalPence, ...group }) => ({ ...group, total: penceToPounds(totalPence) })),
    busiestSlots: takings.busiestSlots,
  };
}

// The owner's takings and the accountant's CSV (docs/back-office.md, "Takings"); the use-case is services/takings.ts.
export const manageTakingsHandlers: Pick<HandlerMap, 'getTakings' | 'exportTakingsCsv'> = {
  async getTakings(request) {
    const { range, takings } = await takingsIn(request.server, request.query);
    return { data: answerOf(range, takings) };
  },

  async exportTakingsCsv(request, reply) {
    const { range, takings } = await takingsIn(request.server, request.query);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="takings-${range.from}-to-${range.to}.csv"`)
      .header('cache-control', 'no-store');
    return takingsCsv(takings.orders);
  },
};
