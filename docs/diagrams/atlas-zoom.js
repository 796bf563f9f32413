const box = document.getElementById('picture');
const img = box.querySelector('img');
const level = document.getElementById('zoom-level');
const natural = Number(img.getAttribute('width'));
let scale = 1;
function zoom(to) {
  scale = Math.min(4, Math.max(0.1, to));
  img.style.width = Math.round(natural * scale) + 'px';
  img.style.height = 'auto';
  level.textContent = Math.round(scale * 100) + ' %';
}
const fit = () => zoom(Math.min(1, (box.clientWidth - 2) / natural));
document.getElementById('zoom-in').addEventListener('click', () => zoom(scale * 1.25));
document.getElementById('zoom-out').addEventListener('click', () => zoom(scale / 1.25));
document.getElementById('zoom-reset').addEventListener('click', () => zoom(1));
document.getElementById('zoom-fit').addEventListener('click', fit);
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest && event.target.closest('input, textarea, select')) return;
  if (event.key === '+' || event.key === '=') zoom(scale * 1.25);
  else if (event.key === '-') zoom(scale / 1.25);
  else if (event.key === '0') zoom(1);
  else if (event.key === 'f') fit();
  else return;
  event.preventDefault();
});
zoom(1);
