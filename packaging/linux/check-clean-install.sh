#!/usr/bin/env bash
# Installs a built .deb on a clean, minimal Debian (a debootstrap chroot with no Python and no
# desktop) the way a GM would, and runs its smoke mode with no network:
#
#   sudo bash packaging/linux/check-clean-install.sh dist/drase-desktop_0.1.0_amd64.deb [SUITE]
#
# SUITE is bookworm (Debian 12, the default) or trixie (Debian 13). Needs root, debootstrap and
# the Debian mirror (the chroot's packages and the .deb's dependencies come from it); about a
# minute and 750 MB in a temporary folder, removed afterwards. Not part of the test suite for
# that reason; run it before a release.
set -euo pipefail
deb="$(realpath "$1")"
suite="${2:-bookworm}"
mirror="${DRASE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
root="$(mktemp -d /tmp/drase-clean-"$suite"-XXXXXX)"
chmod 755 "$root" # apt downloads as the _apt user
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT

echo "== debootstrap $suite (minbase) into $root"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.log" 2>&1 || {
    tail -20 "$root.log"
    exit 1
}
rm -f "$root.log"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
name="$(basename "$deb")"

echo "== dpkg -i $name (on a bare system it stops at the missing Qt libraries, as it should)"
chroot "$root" dpkg -i "/tmp/$name" || true
echo "== apt-get -f install: the dependencies, from the mirror"
chroot "$root" /bin/sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
    apt-get -f install -y -qq --no-install-recommends >/dev/null"
chroot "$root" dpkg -s drase-desktop | grep '^Status: install ok installed'

echo "== drase-desktop --smoke with no network"
unshare --net chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp/home LANG=C.UTF-8 \
    DRASE_SMOKE_SAVE_AS=/tmp/saved.drase /usr/bin/drase-desktop --smoke
test -s "$root/tmp/saved.drase"
echo "== ok: $name installs on a clean $suite and its smoke mode passes offline"
