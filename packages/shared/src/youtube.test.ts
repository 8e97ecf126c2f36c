import { describe, expect, it } from 'vitest';
import { buildSnapshots, parseYouTubeVideoId, youTubeTitleAndDescription, youTubeWatchUrl } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeVideoId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}#comments`,
    `  https://www.youtube.com/watch?v=${ID}  `,
    `https://WWW.YouTube.com/watch?v=${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=30&autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/v/${ID}`,
    `https://www.youtube.com/v/${ID}?version=3`,
    `https://www.youtube.com/e/${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=30`,
    `https://youtu.be/${ID}/`,
    `youtu.be/${ID}`,
    'https://youtu.be/a-b_c-D_e-F',
  ])('reads the id of %s', (link) => {
    expect(parseYouTubeVideoId(link)).toBe(link.includes('a-b_c') ? 'a-b_c-D_e-F' : ID);
  });

  it.each([
    '',
    '   ',
    'not a url',
    ID,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}`,
    `https://www.youtube.com/watch?v=${ID}X`,
    `https://youtu.be/${ID.slice(0, 10)}`,
    `https://youtu.be/${ID}X`,
    'https://www.youtube.com/watch?v=dQw4w9WgXc!',
    'https://www.youtube.com/watch?v=dQw4w9WgX%20',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?list=PL123',
    `https://www.youtube.com/watch?vid=${ID}`,
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://www.youtube.com/embed/`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/${ID}`,
    `https://www.youtube.com/x/${ID}`,
    `https://vimeo.com/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://youtu.be.evil.example/${ID}`,
    `https://evil.example/youtu.be/${ID}`,
    `https://evil.example/?u=https://www.youtube.com/watch?v=${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//youtu.be/${ID}`,
    `https://user:pw@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8080/watch?v=${ID}`,
    `https://youtu.be/watch?v=${ID}`,
  ])('refuses %j', (link) => {
    expect(parseYouTubeVideoId(link)).toBeNull();
  });
});

describe('buildSnapshots', () => {
  it('makes snapshots 0 to 3 at 30, 60, 90 and 120 seconds with the provider thumbnails', () => {
    expect(buildSnapshots(ID)).toEqual(
      [0, 1, 2, 3].map((n) => ({
        id: `snapshot-${n}`,
        timestamp: (n + 1) * 30,
        thumbnail: `https://img.youtube.com/vi/${ID}/${n}.jpg`,
        videoId: ID,
      })),
    );
  });

  it('links the watch page at the offset', () => {
    expect(youTubeWatchUrl(ID, 90)).toBe(`https://www.youtube.com/watch?v=${ID}&t=90s`);
  });
});

describe('youTubeTitleAndDescription', () => {
  it('takes the first non-empty line as the title and the rest as the description, without < and >', () => {
    expect(youTubeTitleAndDescription('\n  Launch day <3\nAll the details\nand more')).toEqual({
      title: 'Launch day 3',
      description: 'All the details\nand more',
    });
  });
});
