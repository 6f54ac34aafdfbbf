// The optional sound when it becomes this person's turn: a short soft tone made in the
// page (no sound file), off until the person turns it on (store.js keeps the choice).

let audio = null;
let played = 0;

/** Sound the chime (the browser may refuse before the person has touched the page). */
export function chime() {
  played++;
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch { /* no sound here: the title still says it */ }
  return played;
}
