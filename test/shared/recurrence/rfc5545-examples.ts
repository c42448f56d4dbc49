/**
 * The examples of RFC 5545 §3.8.5.3 whose FREQ is DAILY, WEEKLY, MONTHLY or YEARLY, with the
 * occurrences the RFC lists for them. Every example starts at 09:00 in America/New_York
 * (`DTSTART;TZID=America/New_York:...`), so each occurrence is 09:00 local, EDT or EST.
 *
 * `complete` examples are bounded (COUNT or UNTIL) and the RFC lists the whole set; the others
 * repeat forever and the RFC lists their first occurrences ("..."), which must be the first ones
 * generated.
 *
 * Left out: the HOURLY and MINUTELY examples and "every 20 minutes ... every day" (DAILY with
 * BYHOUR and BYMINUTE), all finer than a day, which Almanac refuses (see the sub-daily test).
 */

export interface RfcExample {
  title: string;
  /** `YYYYMMDD`, at 09:00 local. */
  dtstart: string;
  lines: string[];
  /** `YYYYMMDD` dates, each at 09:00 local. */
  expected: string[];
  complete: boolean;
}

/** `days('199709', 2, 4)` → `['19970902', '19970904']`. */
function days(month: string, ...list: number[]): string[] {
  return list.map((day) => `${month}${String(day).padStart(2, '0')}`);
}

function span(month: string, from: number, to: number, step = 1): string[] {
  const list: number[] = [];
  for (let day = from; day <= to; day += step) list.push(day);
  return days(month, ...list);
}

export const RFC_EXAMPLES: RfcExample[] = [
  {
    title: 'Daily for 10 occurrences',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=DAILY;COUNT=10'],
    expected: span('199709', 2, 11),
    complete: true,
  },
  {
    title: 'Daily until December 24, 1997',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=DAILY;UNTIL=19971224T000000Z'],
    expected: [
      ...span('199709', 2, 30),
      ...span('199710', 1, 31),
      ...span('199711', 1, 30),
      ...span('199712', 1, 23),
    ],
    complete: true,
  },
  {
    title: 'Every other day - forever',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=DAILY;INTERVAL=2'],
    expected: [
      ...span('199709', 2, 30, 2),
      ...span('199710', 2, 30, 2),
      ...span('199711', 1, 29, 2),
      ...days('199712', 1, 3),
    ],
    complete: false,
  },
  {
    title: 'Every 10 days, 5 occurrences',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=DAILY;INTERVAL=10;COUNT=5'],
    expected: [...days('199709', 2, 12, 22), ...days('199710', 2, 12)],
    complete: true,
  },
  {
    title: 'Every day in January, for 3 years (yearly form)',
    dtstart: '19980101',
    lines: ['RRULE:FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA'],
    expected: [...span('199801', 1, 31), ...span('199901', 1, 31), ...span('200001', 1, 31)],
    complete: true,
  },
  {
    title: 'Every day in January, for 3 years (daily form)',
    dtstart: '19980101',
    lines: ['RRULE:FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1'],
    expected: [...span('199801', 1, 31), ...span('199901', 1, 31), ...span('200001', 1, 31)],
    complete: true,
  },
  {
    title: 'Weekly for 10 occurrences',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=WEEKLY;COUNT=10'],
    expected: [
      ...days('199709', 2, 9, 16, 23, 30),
      ...days('199710', 7, 14, 21, 28),
      ...days('199711', 4),
    ],
    complete: true,
  },
  {
    title: 'Weekly until December 24, 1997',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=WEEKLY;UNTIL=19971224T000000Z'],
    expected: [
      ...days('199709', 2, 9, 16, 23, 30),
      ...days('199710', 7, 14, 21, 28),
      ...days('199711', 4, 11, 18, 25),
      ...days('199712', 2, 9, 16, 23),
    ],
    complete: true,
  },
  {
    title: 'Every other week - forever',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=SU'],
    expected: [
      ...days('199709', 2, 16, 30),
      ...days('199710', 14, 28),
      ...days('199711', 11, 25),
      ...days('199712', 9, 23),
      ...days('199801', 6, 20),
      ...days('199802', 3, 17),
    ],
    complete: false,
  },
  {
    title: 'Weekly on Tuesday and Thursday for five weeks (UNTIL)',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH'],
    expected: [...days('199709', 2, 4, 9, 11, 16, 18, 23, 25, 30), ...days('199710', 2)],
    complete: true,
  },
  {
    title: 'Weekly on Tuesday and Thursday for five weeks (COUNT)',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH'],
    expected: [...days('199709', 2, 4, 9, 11, 16, 18, 23, 25, 30), ...days('199710', 2)],
    complete: true,
  },
  {
    title: 'Every other week on Monday, Wednesday, and Friday until December 24, 1997',
    dtstart: '19970901',
    lines: ['RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR'],
    expected: [
      ...days('199709', 1, 3, 5, 15, 17, 19, 29),
      ...days('199710', 1, 3, 13, 15, 17, 27, 29, 31),
      ...days('199711', 10, 12, 14, 24, 26, 28),
      ...days('199712', 8, 10, 12, 22),
    ],
    complete: true,
  },
  {
    title: 'Every other week on Tuesday and Thursday, for 8 occurrences',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH'],
    expected: [...days('199709', 2, 4, 16, 18, 30), ...days('199710', 2, 14, 16)],
    complete: true,
  },
  {
    title: 'Monthly on the first Friday for 10 occurrences',
    dtstart: '19970905',
    lines: ['RRULE:FREQ=MONTHLY;COUNT=10;BYDAY=1FR'],
    expected: [
      ...days('199709', 5),
      ...days('199710', 3),
      ...days('199711', 7),
      ...days('199712', 5),
      ...days('199801', 2),
      ...days('199802', 6),
      ...days('199803', 6),
      ...days('199804', 3),
      ...days('199805', 1),
      ...days('199806', 5),
    ],
    complete: true,
  },
  {
    title: 'Monthly on the first Friday until December 24, 1997',
    dtstart: '19970905',
    lines: ['RRULE:FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR'],
    expected: [
      ...days('199709', 5),
      ...days('199710', 3),
      ...days('199711', 7),
      ...days('199712', 5),
    ],
    complete: true,
  },
  {
    title: 'Every other month on the first and last Sunday of the month for 10 occurrences',
    dtstart: '19970907',
    lines: ['RRULE:FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU'],
    expected: [
      ...days('199709', 7, 28),
      ...days('199711', 2, 30),
      ...days('199801', 4, 25),
      ...days('199803', 1, 29),
      ...days('199805', 3, 31),
    ],
    complete: true,
  },
  {
    title: 'Monthly on the second-to-last Monday of the month for 6 months',
    dtstart: '19970922',
    lines: ['RRULE:FREQ=MONTHLY;COUNT=6;BYDAY=-2MO'],
    expected: [
      ...days('199709', 22),
      ...days('199710', 20),
      ...days('199711', 17),
      ...days('199712', 22),
      ...days('199801', 19),
      ...days('199802', 16),
    ],
    complete: true,
  },
  {
    title: 'Monthly on the third-to-the-last day of the month, forever',
    dtstart: '19970928',
    lines: ['RRULE:FREQ=MONTHLY;BYMONTHDAY=-3'],
    expected: [
      ...days('199709', 28),
      ...days('199710', 29),
      ...days('199711', 28),
      ...days('199712', 29),
      ...days('199801', 29),
      ...days('199802', 26),
    ],
    complete: false,
  },
  {
    title: 'Monthly on the 2nd and 15th of the month for 10 occurrences',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15'],
    expected: [
      ...days('199709', 2, 15),
      ...days('199710', 2, 15),
      ...days('199711', 2, 15),
      ...days('199712', 2, 15),
      ...days('199801', 2, 15),
    ],
    complete: true,
  },
  {
    title: 'Monthly on the first and last day of the month for 10 occurrences',
    dtstart: '19970930',
    lines: ['RRULE:FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1'],
    expected: [
      ...days('199709', 30),
      ...days('199710', 1, 31),
      ...days('199711', 1, 30),
      ...days('199712', 1, 31),
      ...days('199801', 1, 31),
      ...days('199802', 1),
    ],
    complete: true,
  },
  {
    title: 'Every 18 months on the 10th thru 15th of the month for 10 occurrences',
    dtstart: '19970910',
    lines: ['RRULE:FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15'],
    expected: [...span('199709', 10, 15), ...span('199903', 10, 13)],
    complete: true,
  },
  {
    title: 'Every Tuesday, every other month',
    dtstart: '19970902',
    lines: ['RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=TU'],
    expected: [
      ...days('199709', 2, 9, 16, 23, 30),
      ...days('199711', 4, 11, 18, 25),
      ...days('199801', 6, 13, 20, 27),
      ...days('199803', 3, 10, 17, 24, 31),
    ],
    complete: false,
  },
  {
    title: 'Yearly in June and July for 10 occurrences',
    dtstart: '19970610',
    lines: ['RRULE:FREQ=YEARLY;COUNT=10;BYMONTH=6,7'],
    expected: ['1997', '1998', '1999', '2000', '2001'].flatMap((year) => [
      `${year}0610`,
      `${year}0710`,
    ]),
    complete: true,
  },
  {
    title: 'Every other year on January, February, and March for 10 occurrences',
    dtstart: '19970310',
    lines: ['RRULE:FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3'],
    expected: [
      '19970310',
      ...['1999', '2001', '2003'].flatMap((y) => [`${y}0110`, `${y}0210`, `${y}0310`]),
    ],
    complete: true,
  },
  {
    title: 'Every third year on the 1st, 100th, and 200th day for 10 occurrences',
    dtstart: '19970101',
    lines: ['RRULE:FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200'],
    expected: [
      ...['19970101', '19970410', '19970719'],
      ...['20000101', '20000409', '20000718'],
      ...['20030101', '20030410', '20030719'],
      '20060101',
    ],
    complete: true,
  },
  {
    title: 'Every 20th Monday of the year, forever',
    dtstart: '19970519',
    lines: ['RRULE:FREQ=YEARLY;BYDAY=20MO'],
    expected: ['19970519', '19980518', '19990517'],
    complete: false,
  },
  {
    title: 'Monday of week number 20 (where the default start of the week is Monday), forever',
    dtstart: '19970512',
    lines: ['RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO'],
    expected: ['19970512', '19980511', '19990517'],
    complete: false,
  },
  {
    title: 'Every Thursday in March, forever',
    dtstart: '19970313',
    lines: ['RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=TH'],
    expected: [
      ...days('199703', 13, 20, 27),
      ...days('199803', 5, 12, 19, 26),
      ...days('199903', 4, 11, 18, 25),
    ],
    complete: false,
  },
  {
    title: 'Every Thursday, but only during June, July, and August, forever',
    dtstart: '19970605',
    lines: ['RRULE:FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8'],
    expected: [
      ...days('199706', 5, 12, 19, 26),
      ...days('199707', 3, 10, 17, 24, 31),
      ...days('199708', 7, 14, 21, 28),
      ...days('199806', 4, 11, 18, 25),
      ...days('199807', 2, 9, 16, 23, 30),
      ...days('199808', 6, 13, 20, 27),
      ...days('199906', 3, 10, 17, 24),
      ...days('199907', 1, 8, 15, 22, 29),
      ...days('199908', 5, 12, 19, 26),
    ],
    complete: false,
  },
  {
    title: 'Every Friday the 13th, forever',
    dtstart: '19970902',
    lines: [
      'EXDATE;TZID=America/New_York:19970902T090000',
      'RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
    ],
    expected: ['19980213', '19980313', '19981113', '19990813', '20001013'],
    complete: false,
  },
  {
    title: 'The first Saturday that follows the first Sunday of the month, forever',
    dtstart: '19970913',
    lines: ['RRULE:FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13'],
    expected: [
      ...days('199709', 13),
      ...days('199710', 11),
      ...days('199711', 8),
      ...days('199712', 13),
      ...days('199801', 10),
      ...days('199802', 7),
      ...days('199803', 7),
      ...days('199804', 11),
      ...days('199805', 9),
      ...days('199806', 13),
    ],
    complete: false,
  },
  {
    title: 'Every 4 years, the first Tuesday after a Monday in November, forever',
    dtstart: '19961105',
    lines: ['RRULE:FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8'],
    expected: ['19961105', '20001107', '20041102'],
    complete: false,
  },
  {
    title: 'The third instance into the month of one of Tuesday, Wednesday, or Thursday',
    dtstart: '19970904',
    lines: ['RRULE:FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3'],
    expected: ['19970904', '19971007', '19971106'],
    complete: true,
  },
  {
    title: 'The second-to-last weekday of the month',
    dtstart: '19970929',
    lines: ['RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2'],
    expected: ['19970929', '19971030', '19971127', '19971230', '19980129', '19980226', '19980330'],
    complete: false,
  },
  {
    title: 'Days generated depend on WKST (WKST=MO)',
    dtstart: '19970805',
    lines: ['RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO'],
    expected: days('199708', 5, 10, 19, 24),
    complete: true,
  },
  {
    title: 'Days generated depend on WKST (WKST=SU)',
    dtstart: '19970805',
    lines: ['RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU'],
    expected: days('199708', 5, 17, 19, 31),
    complete: true,
  },
  {
    title: 'An invalid date (February 30) is ignored',
    dtstart: '20070115',
    lines: ['RRULE:FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5'],
    expected: ['20070115', '20070130', '20070215', '20070315', '20070330'],
    complete: true,
  },
];
