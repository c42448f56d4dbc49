"""The done-when scenario of CalDAV with Debian's python3-caldav: from the origin and an
application password, discover, create a weekly event, read it back, query, expand, rename,
see another client's event by sync token, and delete it. Prints one JSON object of what it
saw; any failed expectation exits non-zero with the reason."""
import json
import os
import sys
from datetime import datetime

import caldav

origin = os.environ["ALMANAC_ORIGIN"]
user = os.environ["ALMANAC_USER"]
password = os.environ["ALMANAC_PASSWORD"]
seen = {}


def expect(condition, message):
    if not condition:
        print(json.dumps({"failed": message, "seen": seen}))
        sys.exit(1)


client = caldav.DAVClient(url=origin, username=user, password=password)
principal = client.principal()
seen["principal"] = str(principal.url)
home = principal.calendar_home_set
seen["home"] = str(home.url)
calendars = principal.calendars()
seen["calendars"] = [str(c.url) for c in calendars]
expect(len(calendars) == 1, "one calendar")
calendar = calendars[0]

WEEKLY = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//python-caldav//EN
BEGIN:VEVENT
UID:weekly-python-1
DTSTAMP:20260601T000000Z
DTSTART:20260701T170000Z
DTEND:20260701T180000Z
RRULE:FREQ=WEEKLY;COUNT=4
SUMMARY:Choir practice
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER:-PT30M
DESCRIPTION:Choir
END:VALARM
X-PYTHON-CLIENT:kept
END:VEVENT
END:VCALENDAR
"""
calendar.save_event(WEEKLY)
event = calendar.event_by_uid("weekly-python-1")
seen["by_uid"] = str(event.url)
expect("Choir practice" in event.data, "the event read back by UID")
expect("X-PYTHON-CLIENT:kept" in event.data, "unmapped property given back")
expect("TRIGGER:-PT30M" in event.data, "alarm given back")

month = calendar.date_search(datetime(2026, 7, 1), datetime(2026, 8, 1), expand=False)
seen["month"] = [str(o.url) for o in month]
expect(any("Choir practice" in o.data for o in month), "found in the month's calendar-query")

expanded = calendar.search(
    start=datetime(2026, 7, 1), end=datetime(2026, 8, 1), event=True, expand=True
)
instances = [o for o in expanded if "Choir practice" in o.data]
seen["expanded"] = len(instances)
seen["expanded_rrule"] = any("RRULE" in o.data for o in instances)
expect(len(instances) == 4, "expanded to 4 instances")

event.load()
event.data = event.data.replace("SUMMARY:Choir practice", "SUMMARY:Choir rehearsal")
event.save()
renamed = calendar.event_by_uid("weekly-python-1")
expect("SUMMARY:Choir rehearsal" in renamed.data, "renamed with PUT")

first = calendar.objects_by_sync_token(load_objects=False)
token = first.sync_token
seen["token"] = token
# Another client (its own connection) creates an event.
other = caldav.DAVClient(url=origin, username=user, password=password)
other_calendar = other.principal().calendars()[0]
other_calendar.save_event(
    """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//other//EN
BEGIN:VEVENT
UID:other-client-1
DTSTAMP:20260601T000000Z
DTSTART:20260710T090000Z
DTEND:20260710T100000Z
SUMMARY:Added elsewhere
END:VEVENT
END:VCALENDAR
"""
)
changed = calendar.objects_by_sync_token(sync_token=token, load_objects=True)
found = [o for o in changed if o.data and "Added elsewhere" in o.data]
seen["sync_changed"] = [str(o.url) for o in changed]
expect(len(found) == 1, "the other client's event in sync-collection")
found[0].delete()
after = calendar.objects_by_sync_token(sync_token=changed.sync_token, load_objects=False)
seen["after_delete"] = [str(o.url) for o in after]
gone = [o for o in calendar.objects() if "other-client-1" in str(o.url)]
expect(len(gone) == 0, "deleted")
print(json.dumps({"ok": True, "seen": seen}))
