import { useSelector } from '@xstate/react';
import '../../components/TextField/TextField.css';
import { useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { navMessages } from './messages';

/**
 * The interface language: a native select, light enough for the first paint. Choosing sends the
 * language machine's CHANGE (it stores the id and loads the translations). Hidden with one language.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const say = useText();
  const language = useChild('language');
  const languages = useSelector(language, (snapshot) => snapshot.context.languages);
  const languageId = useSelector(language, (snapshot) => snapshot.context.languageId);
  if (languages.length < 2) return null;
  return (
    <label className={['shell-select', className].filter(Boolean).join(' ')}>
      <span className="shell-select__label">{say(navMessages.language)}</span>
      <select
        className="field__input shell-select__input"
        value={languageId ?? ''}
        onChange={(event) => language.send({ type: 'CHANGE', id: Number(event.target.value) })}
      >
        {languages.map((option) => (
          <option key={option.id} value={option.id} lang={option.code}>
            {option.title}
          </option>
        ))}
      </select>
    </label>
  );
}
