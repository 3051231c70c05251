import re,sys
p='packages/dataset/data/dictionary.yaml'
s=open(p).read()
if '\nen-US:\n' in s:
    s=s[:s.index('\nen-US:\n')]+'\n'
en=s[s.index('\nen:\n')+5:s.index('\nfr:\n')]
WORDS=[('catalogue','catalog'),('Catalogue','Catalog'),('favourite','favorite'),('Favourite','Favorite'),('aluminium','aluminum'),('Aluminium','Aluminum'),('colour','color'),('Colour','Color')]
out=[]
for line in en.split('\n'):
    m=re.match(r'  ([a-zA-Z0-9.]+): (.*)$',line)
    if not m: continue
    v=m.group(2)
    nv=v
    for a,b in WORDS: nv=nv.replace(a,b)
    if nv!=v: out.append(f'  {m.group(1)}: {nv}')
s=s.rstrip('\n')+'\n\n# American English where en-US words it differently (the other English locales keep the section above).\nen-US:\n'+'\n'.join(out)+'\n'
open(p,'w').write(s)
print(len(out))
