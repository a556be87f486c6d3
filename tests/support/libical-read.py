#!/usr/bin/python3
# Reads a calendar file (standard input) with libical, the C library that
# Evolution and many servers use, through its GObject bindings (Debian's
# gir1.2-ical-3.0 and python3-gi), and prints what it understood as JSON:
# the parse errors, whether the file meets RFC 5546's rules for its METHOD
# (libical's restriction check), the VTIMEZONEs, and each VEVENT's texts and
# times. A time with a TZID is resolved by a zone made from the file's own
# VTIMEZONE of that TZID (never libical's built-in zone data), so a wrong
# VTIMEZONE gives a wrong instant. Used by tests/support/calendar-readers.ts: run
# as a program for one file, or its read() imported (runpy) to read many files
# in one Python process.
import datetime
import json
import sys

import gi

gi.require_version("ICalGLib", "3.0")
from gi.repository import ICalGLib as ical  # noqa: E402


def errors_of(component):
    """The X-LIC-ERROR properties libical adds where it finds a problem, anywhere in the tree."""
    found = []
    prop = component.get_first_property(ical.PropertyKind.XLICERROR_PROPERTY)
    while prop is not None:
        found.append(prop.get_xlicerror())
        prop = component.get_next_property(ical.PropertyKind.XLICERROR_PROPERTY)
    child = component.get_first_component(ical.ComponentKind.ANY_COMPONENT)
    while child is not None:
        found.extend(errors_of(child))
        child = component.get_next_component(ical.ComponentKind.ANY_COMPONENT)
    return found


def parameter(prop, kind, getter):
    found = prop.get_first_parameter(kind) if prop is not None else None
    return getattr(found, getter)() if found is not None else None


def read(data):
    """What libical understood of one calendar file (UTF-8 bytes), as a dict JSON can hold."""
    calendar = ical.Component.new_from_string(data.decode("utf-8"))
    if calendar is None or calendar.isa() != ical.ComponentKind.VCALENDAR_COMPONENT:
        return {"parsed": False}
    parse_errors = errors_of(calendar)
    restrictions_ok = bool(ical.restriction_check(calendar))
    restriction_errors = [error for error in errors_of(calendar) if error not in parse_errors]

    zones = {}
    timezones = []
    vtimezone = calendar.get_first_component(ical.ComponentKind.VTIMEZONE_COMPONENT)
    while vtimezone is not None:
        zone = ical.Timezone.new()
        zone.set_component(vtimezone.clone())
        zones[zone.get_tzid()] = zone
        timezones.append(zone.get_tzid())
        vtimezone = calendar.get_next_component(ical.ComponentKind.VTIMEZONE_COMPONENT)

    def instant(event, kind, getter):
        prop = event.get_first_property(kind)
        if prop is None:
            return None
        value = getattr(prop, getter)()
        tzid = parameter(prop, ical.ParameterKind.TZID_PARAMETER, "get_tzid")
        if tzid is not None:
            if tzid not in zones:
                return {"value": value.as_ical_string(), "tzid": tzid, "utc": None}
            seconds = value.as_timet_with_zone(zones[tzid])
        elif value.is_utc():
            seconds = value.as_timet_with_zone(ical.Timezone.get_utc_timezone())
        else:
            return {"value": value.as_ical_string(), "tzid": None, "utc": None}
        utc = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
        return {"value": value.as_ical_string(), "tzid": tzid, "utc": utc.strftime("%Y-%m-%dT%H:%M:%S.000Z")}

    events = []
    event = calendar.get_first_component(ical.ComponentKind.VEVENT_COMPONENT)
    while event is not None:
        organizer = event.get_first_property(ical.PropertyKind.ORGANIZER_PROPERTY)
        events.append({
            "uid": event.get_uid(),
            "summary": event.get_summary(),
            "description": event.get_description(),
            "location": event.get_location(),
            "organizer": organizer.get_organizer() if organizer is not None else None,
            "organizerCn": parameter(organizer, ical.ParameterKind.CN_PARAMETER, "get_cn"),
            "dtstamp": instant(event, ical.PropertyKind.DTSTAMP_PROPERTY, "get_dtstamp"),
            "dtstart": instant(event, ical.PropertyKind.DTSTART_PROPERTY, "get_dtstart"),
            "dtend": instant(event, ical.PropertyKind.DTEND_PROPERTY, "get_dtend"),
        })
        event = calendar.get_next_component(ical.ComponentKind.VEVENT_COMPONENT)

    return {
        "parsed": True,
        "method": ical.Property.method_to_string(calendar.get_method()) if calendar.get_method() else None,
        "parseErrors": parse_errors,
        "restrictionsOk": restrictions_ok,
        "restrictionErrors": restriction_errors,
        "timezones": timezones,
        "events": events,
    }


if __name__ == "__main__":
    sys.stdout.buffer.write(json.dumps(read(sys.stdin.buffer.read()), ensure_ascii=False).encode("utf-8"))
