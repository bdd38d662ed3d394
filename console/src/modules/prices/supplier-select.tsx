import { t } from '../../shared/i18n';
import { SearchSelect, type SearchSelectProps } from '../../shared/ui/search-select';
import { useSupplierChoices } from './price-queries';

/** A supplier, searched by the API as the person types. */
export function SupplierSelect(props: SearchSelectProps) {
  return <SearchSelect {...props} useChoices={useSupplierChoices} nothingFound={t('prices.nothingFound')} />;
}
