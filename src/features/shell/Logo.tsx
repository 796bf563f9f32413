import './Logo.css';

/** Our mark: a voxel block in the accent green with a grass top, beside the word mark. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <path fill="#86e05f" d="M16 2 29 9 16 16 3 9z" />
        <path fill="#3f8f26" d="M3 9l13 7v14L3 23z" />
        <path fill="#2b6419" d="M29 9 16 16v14l13-7z" />
        <path fill="#7a4a22" d="M3 13l13 7v10L3 23zM29 13l-13 7v10l13-7z" opacity=".55" />
        <path fill="#fff" d="M16 5l7 4-7 4-7-4z" opacity=".18" />
      </svg>
      <span className="logo__word">Blockfront</span>
    </span>
  );
}
