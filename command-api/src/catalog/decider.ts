import {
  catalogEventSchemas,
  parseEvent,
  type CatalogEvent,
  type Category,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

export interface ProductFields {
  name: string;
  priceCents: number;
  category: Category;
  description: string;
  imageUrl: string | null;
  stock: number;
  itens: string[];
}

export type ProductState =
  | { status: 'absent' }
  | { status: 'listed'; productId: string; fields: ProductFields; isActive: boolean }
  | { status: 'deleted'; productId: string };

export type CatalogCommand =
  | { type: 'AddProduct'; productId: string; fields: ProductFields; isActive: boolean }
  | { type: 'UpdateProduct'; productId: string; fields: ProductFields; isActive: boolean }
  | { type: 'DeleteProduct'; productId: string };

export const catalogMessages = {
  productExists: 'Produto já existe.',
  productNotFound: 'Produto não encontrado.',
} as const;

function sameFields(a: ProductFields, b: ProductFields): boolean {
  return (
    a.name === b.name &&
    a.priceCents === b.priceCents &&
    a.category === b.category &&
    a.description === b.description &&
    a.imageUrl === b.imageUrl &&
    a.stock === b.stock &&
    a.itens.length === b.itens.length &&
    a.itens.every((item, index) => item === b.itens[index])
  );
}

function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

export const productDecider: Decider<ProductState, CatalogCommand, CatalogEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductAdded': {
        const { productId, isActive, ...fields } = event.data;
        return { status: 'listed', productId, fields, isActive };
      }
      case 'ProductUpdated': {
        if (state.status !== 'listed') return state;
        const { productId, ...fields } = event.data;
        return { ...state, productId, fields };
      }
      case 'ProductActivated':
        return state.status === 'listed' ? { ...state, isActive: true } : state;
      case 'ProductDeactivated':
        return state.status === 'listed' ? { ...state, isActive: false } : state;
      case 'ProductDeleted':
        return { status: 'deleted', productId: event.data.productId };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddProduct':
        if (state.status !== 'absent')
          throw new AppError('conflict', catalogMessages.productExists);
        return [
          {
            type: 'ProductAdded',
            data: { productId: command.productId, ...command.fields, isActive: command.isActive },
          },
        ];
      case 'UpdateProduct': {
        if (state.status !== 'listed') {
          throw new AppError('not_found', catalogMessages.productNotFound);
        }
        const events: CatalogEvent[] = [];
        if (!sameFields(state.fields, command.fields)) {
          events.push({
            type: 'ProductUpdated',
            data: { productId: command.productId, ...command.fields },
          });
        }
        if (command.isActive !== state.isActive) {
          events.push(
            command.isActive
              ? { type: 'ProductActivated', data: { productId: command.productId } }
              : { type: 'ProductDeactivated', data: { productId: command.productId } },
          );
        }
        return events;
      }
      case 'DeleteProduct':
        if (state.status !== 'listed') {
          throw new AppError('not_found', catalogMessages.productNotFound);
        }
        return [{ type: 'ProductDeleted', data: { productId: command.productId } }];
      default:
        return assertNever(command);
    }
  },
};

export function parseCatalogEvent(recorded: RecordedEvent): CatalogEvent | null {
  return parseEvent(catalogEventSchemas, recorded.type, recorded.data);
}
