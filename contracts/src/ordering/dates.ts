import { addDays, shopDate } from '../shared/shop-time';
import { MIN_LEAD_DAYS } from './constants';

/** spec §5: the earliest delivery or pickup date, two days from today in the shop's time zone. */
export function earliestDeliveryDate(now: Date): string {
  return addDays(shopDate(now), MIN_LEAD_DAYS);
}
