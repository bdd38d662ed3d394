import { t } from '../../i18n';
import { SearchSelect, type SearchSelectProps } from '../../ui/search-select';
import { useSupplierChoices } from './price-queries';

/** A supplier, searched by the API as the person types. */
export function SupplierSelect(props: SearchSelectProps) {
  return <SearchSelect {...props} useChoices={useSupplierChoices} nothingFound={t('prices.nothingFound')} />;
}
