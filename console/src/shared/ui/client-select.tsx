import { t } from '../i18n';
import { SearchSelect, type SearchSelectProps } from './search-select';
import { useClientChoices } from '../api/choices';

/** A client (not archived), searched by the API as the person types. */
export function ClientSelect(props: SearchSelectProps) {
  return <SearchSelect {...props} useChoices={useClientChoices} nothingFound={t('newJob.client.none')} />;
}
